import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { ForgotFormSchema, type ForgotFormInput } from '../auth-schemas';
import { FormField } from '../form-field';
import type { ViewProps } from './view-props';

/** spec 1 §4: the reset does not exist yet, and the form says so rather than pretending. */
export function ForgotView({ goTo, email }: ViewProps) {
  const form = useForm<ForgotFormInput>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email } });
  const onSubmit = form.handleSubmit(() => {
    toast({ title: 'Password reset not implemented yet.' });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <FormField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" className="w-full">
        Reset Password
      </Button>
      <Button type="button" variant="link" onClick={() => goTo('login')}>
        Back to login
      </Button>
    </form>
  );
}
