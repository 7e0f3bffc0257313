import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { RetryButton } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage, setAccessToken } from '@/lib/api-client';
import { CodeField, TwoFactorEnrolment, useCodeForm } from '@/components/two-factor-enrolment';
import { mfaStatusQueryKey, useMfaStatus } from '@/lib/api/get-mfa-status';
import { verifyMfaSession } from './api/verify-mfa-session';

function GateCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card>
        <CardHeader>
          <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

/** A session that started before the admin had TOTP passes the second factor here. */
function StepUpForm({ onVerified }: { onVerified: () => void }) {
  const { form, onSubmit } = useCodeForm(async (values) => {
    setAccessToken((await verifyMfaSession(values)).access);
    onVerified();
  });
  const { isSubmitting, errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor code">
      <CodeField label="Authentication code" error={errors.code?.message} {...form.register('code')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying…' : 'Verify'}
      </Button>
    </form>
  );
}

/**
 * With ADMIN_MFA=required, /admin opens only in a session that passed the second factor.
 * An admin without TOTP is led through enrolment here; one with TOTP enters a code.
 */
export default function AdminMfaGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const recheck = () => void queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey });

  if (status.isPending) return <PageLoader label="Loading admin…" />;
  if (status.isError) {
    return (
      <GateCard title="Admin access could not be checked" description={errorMessage(status.error)}>
        <RetryButton variant="default" onRetry={() => void status.refetch()} isRetrying={status.isFetching} />
      </GateCard>
    );
  }
  const { requiredForAdmin, sessionVerified, enabled } = status.data;
  if (!requiredForAdmin || sessionVerified) return <>{children}</>;
  if (!enabled) {
    return (
      <GateCard title="Set up two-factor sign-in" description="Admin access needs two-factor sign-in. Set it up with an authenticator app to continue.">
        <TwoFactorEnrolment onEnrolled={recheck} />
      </GateCard>
    );
  }
  return (
    <GateCard title="Confirm it's you" description="Enter the code from your authenticator app, or a recovery code, to open the admin area.">
      <StepUpForm onVerified={recheck} />
    </GateCard>
  );
}
