import { CodeField, useCodeForm } from '@/components/two-factor-enrolment';
import { Button } from '@/components/ui/button';
import { setAccessToken } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { finishMfaLogin } from '../api/finish-mfa-login';
import type { ViewProps } from './view-props';

/** The second step of a login for an account with two-factor sign-in, with a code from the authenticator app or a recovery code. */
export function CodeView({ goTo, run, mfaToken, setEmail }: ViewProps) {
  const { setUser } = useSession();
  const { form, onSubmit } = useCodeForm(async (values) => {
    const response = await run(() => finishMfaLogin({ mfaToken, code: values.code }));
    setAccessToken(response.tokens.access);
    setUser(response.user);
    const user = response.user;
    // A verified user is sent on by the dialog; an unverified one verifies first.
    if (!user.emailVerified) {
      setEmail(user.email);
      goTo('verify');
    }
  });
  const { isSubmitting, errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor code">
      <CodeField
        label="Authentication code"
        autoFocus
        hint="6 digits, or a recovery code like ABCD-EFGH-IJKL-MNOP"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Verifying…' : 'Verify'}
      </Button>
      <Button type="button" variant="link" onClick={() => goTo('login')}>
        Back to login
      </Button>
    </form>
  );
}
