import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/sonner';
import { CodeField, TwoFactorEnrolment, useCodeForm } from '@/components/two-factor-enrolment';
import { mfaStatusQueryKey, useMfaStatus } from '@/lib/api/get-mfa-status';
import { disableMfa } from './api/disable-mfa';
import { cardLoadFailed } from './card-load-failed';

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const { form, onSubmit } = useCodeForm(async (values) => {
    await disableMfa(values);
    toast({ title: 'Two-factor sign-in turned off' });
    onDone();
  });
  const { isSubmitting, errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-sm" aria-label="Turn off two-factor sign-in">
      <CodeField label="Code to turn off" hint="A code from your app, or a recovery code" error={errors.code?.message} {...form.register('code')} />
      <Button type="submit" variant="outline" className="w-fit" disabled={isSubmitting}>
        {isSubmitting ? 'Turning off…' : 'Turn off'}
      </Button>
    </form>
  );
}

/** Settings: two-factor sign-in with an authenticator app; turn it on (QR code, key, recovery codes) or off with a code. */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const [enrolling, setEnrolling] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Two-factor sign-in</h2>
        </CardTitle>
        <CardDescription>After your password, a code from an authenticator app: a stolen password alone no longer opens your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={status} layout="card" loading="Loading…" failure={(e) => cardLoadFailed('Two-factor sign-in', e)} showsRetrying>
          {(mfa) =>
            mfa.enabled && !enrolling ? (
              <>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="success">On</Badge>
                  {mfa.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${mfa.recoveryCodesLeft} recovery codes left.`}
                </p>
                {mfa.requiredForAdmin ? (
                  <p className="text-sm text-muted-foreground">Admins must keep two-factor sign-in on.</p>
                ) : (
                  <TurnOffForm onDone={refresh} />
                )}
              </>
            ) : (
              <>
                {!enrolling && (
                  <p className="flex items-center gap-2 text-sm">
                    <Badge variant="outline">Off</Badge>
                  </p>
                )}
                <TwoFactorEnrolment
                  onStarted={() => setEnrolling(true)}
                  onEnrolled={() => {
                    setEnrolling(false);
                    refresh();
                  }}
                />
              </>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
