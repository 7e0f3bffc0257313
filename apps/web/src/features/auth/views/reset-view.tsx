import { zodResolver } from '@hookform/resolvers/zod';
import { CircleX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { resetPassword } from '../api/reset-password';
import { ResetFormSchema, type ResetFormInput } from '../auth-schemas';
import { FormField } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

const INVALID_LINK = 'This reset link is invalid, already used or expired.';

/** /reset-password?token= opens this view; a used, expired or unknown link says so and offers a new one. */
export function ResetView({ goTo, run, resetToken }: ViewProps) {
  const { user, logout } = useSession();
  const [linkFailed, setLinkFailed] = useState(resetToken === '');
  const form = useForm<ResetFormInput>({ resolver: zodResolver(ResetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { isSubmitting, errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await run(() => resetPassword({ token: resetToken, password: values.password }));
      // The reset ended every session, this browser's too: sign out here as well.
      if (user) await run(logout);
      toast({ title: 'Password changed. Please log in with your new password.' });
      goTo('login');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setLinkFailed(true);
      else toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });

  if (linkFailed) {
    return (
      <div className="grid gap-4 text-center" role="alert">
        <CircleX className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <p>{INVALID_LINK}</p>
        <Button type="button" className="w-full" onClick={() => goTo('forgot')}>
          Send a new link
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormField label="New password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Changing…' : 'Change Password'}
      </Button>
    </form>
  );
}
