import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared/api/auth';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { ForgotFormSchema, type ForgotFormInput } from '../auth-schemas';
import { FormField } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

/** Forgot password (in place of spec 1 §4's 'not implemented' toast): mails a reset link; the answer is the same for any address. */
export function ForgotView({ goTo, run, email, setEmail }: ViewProps) {
  const form = useForm<ForgotFormInput>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { isSubmitting, errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await run(() => requestPasswordReset(values));
      setEmail(values.email);
      setSentTo(values.email);
      toast({ title: 'Check your inbox for the reset link.' });
    } catch (error) {
      toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {sentTo ? `If an account exists for ${sentTo}, a reset link is on its way. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.` : ''}
      </p>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : sentTo ? 'Send again' : 'Reset Password'}
      </Button>
      <Button type="button" variant="link" onClick={() => goTo('login')}>
        Back to login
      </Button>
    </form>
  );
}
