import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MfaEnrollBodySchema, SecondFactorCodeSchema, type MfaEnrollBody, type MfaEnrollResponse } from '@app/shared/api/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { errorMessage, setAccessToken } from '@/lib/api-client';
import { confirmMfaEnrolment } from '@/lib/api/confirm-mfa-enrolment';
import { startMfaEnrolment } from '@/lib/api/start-mfa-enrolment';

/**
 * Two-factor sign-in pieces shared by Settings (features/profile), the admin gate and the login's
 * code step (features/auth).
 */

/** A code of the second factor: six digits or a recovery code (every two-factor form). */
const CodeFormSchema = z.object({ code: SecondFactorCodeSchema });
type CodeFormInput = z.input<typeof CodeFormSchema>;

/**
 * A form of one second-factor code: `submit` does the call; a refusal clears the code and toasts the
 * reason, so the next attempt starts from an empty field.
 */
export function useCodeForm(submit: (values: CodeFormInput) => Promise<void>) {
  const form = useForm<CodeFormInput>({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
    } catch (error) {
      form.resetField('code');
      toast({ title: errorMessage(error), variant: 'destructive' });
    }
  });
  return { form, onSubmit };
}

/** A labelled input for a code of the second factor (six digits or a recovery code). */
export function CodeField(props: ComponentProps<typeof FormField>) {
  return <FormField autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} {...props} />;
}

/** The QR code of the otpauth:// URL, drawn here (the qrcode library loads with this screen only). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((data) => active && setSrc(data))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [url]);
  if (failed) return <p className="text-sm text-muted-foreground">The QR code could not be drawn: enter the key below instead.</p>;
  if (!src) return <div className="size-48 animate-pulse rounded-md bg-muted" role="status" aria-label="Drawing the QR code…" />;
  return <img src={src} width={192} height={192} alt="QR code for your authenticator app" className="rounded-md bg-white p-1" />;
}

/** The ten recovery codes, shown once, with a way to copy them. */
function RecoveryCodes({ codes, onDone, doneLabel = 'I saved my recovery codes' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({
        title: 'Copy failed — select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your authenticator, and they are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md border p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * Enrolment in two-factor sign-in: a new secret as QR code and key, confirmed with a code;
 * then the ten recovery codes, shown once. Used by Settings and by the admin gate.
 */
export function TwoFactorEnrolment({
  onEnrolled,
  onCancel,
  onStarted,
}: {
  onEnrolled: () => void;
  onCancel?: () => void;
  /** Called once a secret was issued (the caller keeps this component on screen until onEnrolled). */
  onStarted?: () => void;
}) {
  const [pending, setPending] = useState<MfaEnrollResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // The current password first (ASVS 5.0 V7.5.1): a stolen session alone cannot bind an authenticator.
  const passwordForm = useForm<MfaEnrollBody>({ resolver: zodResolver(MfaEnrollBodySchema), defaultValues: { password: '' } });
  const starting = passwordForm.formState.isSubmitting;
  const { form, onSubmit } = useCodeForm(async (values) => {
    const result = await confirmMfaEnrolment(values);
    setAccessToken(result.access);
    setCodes(result.recoveryCodes);
  });
  const { isSubmitting, errors } = form.formState;

  const start = passwordForm.handleSubmit(async (values) => {
    try {
      setPending(await startMfaEnrolment(values));
      onStarted?.();
    } catch (error) {
      passwordForm.resetField('password');
      const message = errorMessage(error);
      passwordForm.setError('password', { message });
      toast({ title: message, variant: 'destructive' });
    }
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onEnrolled} />;

  if (!pending) {
    return (
      <form onSubmit={(event) => void start(event)} noValidate className="grid gap-3" aria-label="Confirm your password to set up two-factor sign-in">
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Confirm it's you before an authenticator is added to your account."
          error={passwordForm.formState.errors.password?.message}
          {...passwordForm.register('password')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={starting}>
            {starting ? 'Preparing…' : 'Set up two-factor sign-in'}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Set up two-factor sign-in">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan the QR code with an authenticator app (or enter the key by hand).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode url={pending.otpauthUrl} />
        <div className="grid min-w-0 gap-1">
          <p className="text-sm text-muted-foreground">Key (for entering by hand)</p>
          <code className="font-mono text-sm break-all select-all" data-testid="totp-secret">
            {pending.secret}
          </code>
        </div>
      </div>
      <CodeField label="Code from the app" inputMode="numeric" error={errors.code?.message} {...form.register('code')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Verifying…' : 'Turn on'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
