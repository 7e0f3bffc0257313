import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { destructiveButtonClass, textareaClass } from './fields';
import { toastRequestError } from './request-error';

type DeclineForm = { reason: string };

/**
 * Declining something a member sent (an order, a King of the Hill claim) asks for the reason they
 * will read. `schema` is the endpoint's body schema (its length limit differs); `onDecline` sends it
 * and says what happened: the dialog then clears and closes, or a toast says why it failed. The
 * title doubles as the confirm button's label.
 */
export function DeclineDialog({
  open,
  title,
  description,
  schema,
  isPending,
  onDecline,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  description: string;
  schema: z.ZodType<DeclineForm, DeclineForm>;
  isPending: boolean;
  onDecline: (reason: string) => Promise<void>;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const form = useForm<DeclineForm>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await onDecline(reason);
      form.reset();
      onOpenChange(false);
    } catch (e) {
      toastRequestError(e, 'Decline failed');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>Decline reason</Label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              className={textareaClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('reason')}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" className={destructiveButtonClass} disabled={isPending}>
              {isPending ? 'Declining…' : title}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
