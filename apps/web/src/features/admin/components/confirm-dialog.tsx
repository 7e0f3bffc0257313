import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { destructiveButtonClass } from './fields';

/** A confirm before an action that cannot be undone: destructive (delete) unless `tone` says otherwise. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = 'destructive',
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  tone?: 'destructive' | 'default';
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          {tone === 'destructive' ? (
            <AlertDialogAction variant="destructive" className={destructiveButtonClass} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogAction>
          ) : (
            <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
