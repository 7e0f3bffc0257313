import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { resendVerification } from '../api/resend-verification';
import { ResendFormSchema } from '../auth-schemas';
import { FormField } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

export function VerifyView({ goTo, run, email, setEmail, holdRedirect }: ViewProps) {
  const { refresh } = useSession();
  const [isChecking, setIsChecking] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [emailError, setEmailError] = useState<string>();

  const onResend = async () => {
    const parsed = ResendFormSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter your email to resend verification';
      setEmailError(message);
      toast({ title: message, variant: 'destructive' });
      return;
    }
    setEmailError(undefined);
    setIsResending(true);
    try {
      await run(() => resendVerification(parsed.data));
      toast({ title: 'Verification email sent. Please check your inbox.' });
    } catch (error) {
      toast({ title: 'Failed to resend verification', description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setIsResending(false);
    }
  };

  // spec 1 §4: 'I've verified my email' asks the server (a fresh token, then /api/auth/me).
  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    setIsChecking(true);
    holdRedirect(true);
    try {
      const user = await run(() => refresh());
      if (user?.emailVerified) {
        goTo('profileCompletion');
        return;
      }
      holdRedirect(false);
      if (!user) {
        toast({ title: 'Please log in to continue', variant: 'destructive' });
        goTo('login');
      } else {
        toast({ title: 'Your email is not verified yet', description: 'Open the link in the email we sent you, then try again.', variant: 'destructive' });
      }
    } catch (error) {
      holdRedirect(false);
      toast({ title: errorMessage(error), variant: 'destructive' });
    } finally {
      setIsChecking(false);
    }
  };

  const busy = isChecking || isResending;
  return (
    <form onSubmit={onCheck} noValidate className="grid gap-4">
      <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>We sent a verification link to {email ? <strong className="break-all">{email}</strong> : 'your email'}. Open it to activate your account.</p>
      </div>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={emailError}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(undefined);
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          Wrong address?{' '}
          <Button type="button" variant="link" size="sm" className="h-auto p-0" disabled={busy} onClick={() => goTo('register')}>
            Change it
          </Button>
        </span>
        <span className="text-muted-foreground">
          No email?{' '}
          <Button type="button" variant="link" size="sm" className="h-auto p-0" disabled={busy} onClick={() => void onResend()}>
            {isResending ? 'Sending…' : 'Resend'}
          </Button>
        </span>
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {isChecking ? 'Checking…' : "I've verified my email"}
      </Button>
    </form>
  );
}
