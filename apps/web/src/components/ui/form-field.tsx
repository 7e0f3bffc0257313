import { cloneElement, useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What a Field places on its control: the label's target and the message's link. */
export type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The control's id; a generated one when none is given. */
  id?: string;
  className?: string;
  /** The control (it gets the id and aria props), or a function that places them on a control deeper inside. */
  children: ReactElement<ControlProps> | ((control: ControlProps) => ReactNode);
};

/**
 * A labelled control whose message is announced and tied to it: the error (role="alert") or else the
 * hint, referenced by aria-describedby; aria-invalid while there is an error.
 */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const messageId = `${controlId}-message`;
  const controlProps: ControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  };
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {typeof children === 'function' ? children(controlProps) : cloneElement(children, controlProps)}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type FormFieldProps = ComponentProps<typeof Input> & { label: string; error?: string | undefined; hint?: ReactNode };

/** A labelled input (a Field around an Input); the caller's input props win over the Field's aria props. */
export function FormField({ label, error, hint, id, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}

/** A form-level message (for example the login rule that covers both fields). */
export function FormMessage({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
