import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CodeField, CodeFormSchema, type CodeFormInput } from '@/components/two-factor-enrolment';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { errorMessage, setAccessToken } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { finishMfaLogin } from '../api/finish-mfa-login';
import type { ViewProps } from './view-props';

/** The second step of a login for an account with two-factor sign-in, with a code from the authenticator app or a recovery code. */
export function CodeView({ goTo, run, mfaToken, setEmail }: ViewProps) {
  const { setUser } = useSession();
  const form = useForm<CodeFormInput>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });
  const { isSubmitting, errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await run(() => finishMfaLogin({ mfaToken, code: values.code }));
      setAccessToken(response.tokens.access);
      setUser(response.user);
      const user = response.user;
      // A verified user is sent on by the dialog; an unverified one verifies first.
      if (!user.emailVerified) {
        setEmail(user.email);
        goTo('verify');
      }
    } catch (error) {
      form.resetField('code');
      toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });
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
