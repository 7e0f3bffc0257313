import { Toaster as Sonner, toast as sonnerToast, type ExternalToast } from 'sonner';
import { useTheme } from '@/lib/theme';

/** spec 1 §9: 3 toasts visible, 4000 ms each. */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      visibleToasts={3}
      duration={4000}
      closeButton
      toastOptions={{
        classNames: {
          toast: 'group border bg-popover text-popover-foreground shadow-lg',
          description: 'text-muted-foreground',
          error: '!bg-destructive !text-destructive-foreground !border-destructive',
        },
      }}
    />
  );
}

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' } & Omit<ExternalToast, 'description'>;

/** A toast with a title and optional description; `variant: 'destructive'` shows it as an error. */
export function toast({ title, description, variant = 'default', ...options }: ToastInput) {
  return variant === 'destructive'
    ? sonnerToast.error(title, { description, ...options })
    : sonnerToast(title, { description, ...options });
}
