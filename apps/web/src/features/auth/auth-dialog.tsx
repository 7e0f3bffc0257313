import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import type { AuthNavigationState, AuthView } from './auth-navigation';
import { CodeView } from './views/code-view';
import { ForgotView } from './views/forgot-view';
import { LoginView } from './views/login-view';
import { ProfileCompletionView } from './views/profile-completion-view';
import { RegisterView } from './views/register-view';
import { ResetView } from './views/reset-view';
import { VerifyResultView } from './views/verify-result-view';
import { VerifyView } from './views/verify-view';
import type { ViewProps } from './views/view-props';

const HEADINGS: Record<AuthView, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Log in with your email or username.' },
  register: { title: 'Create your account', description: 'Join to earn points, enter raffles and climb the leaderboards.' },
  forgot: { title: 'Reset your password', description: 'Enter the email address of your account.' },
  verify: { title: 'Verify your email', description: 'One more step before you can use your account.' },
  profileCompletion: { title: 'Complete your profile', description: 'Add your partner usernames and crypto addresses.' },
  verifySuccess: { title: 'Email verified', description: 'Your account is ready.' },
  verifyFailed: { title: 'Email not verified', description: 'The verification link did not work.' },
  code: { title: 'Two-factor sign-in', description: 'Enter the 6-digit code from your authenticator app, or a recovery code.' },
  reset: { title: 'Choose a new password', description: 'The new password replaces the old one and signs out every device.' },
};

/** The auth modal's content (spec 1 §2, §4): a lazy chunk, mounted only while the modal is open. */
export default function AuthDialog({ state }: { state: AuthNavigationState }) {
  const navigate = useNavigate();
  const { user, initializing, pendingVerification } = useSession();
  const from = state.from ?? '/dashboard';
  const [view, setView] = useState<AuthView>(() => state.view ?? (pendingVerification ? 'verify' : (state.tab ?? 'login')));
  const [email, setEmail] = useState(() => user?.email ?? '');
  const [mfaToken, setMfaToken] = useState('');
  const [busyCount, setBusyCount] = useState(0);
  const isBusy = busyCount > 0;
  const holding = useRef(false);

  const finish = useCallback(() => navigate(from, { replace: true }), [navigate, from]);

  // spec 1 §2: a signed-in, verified user with the modal open goes to `from` (profile completion first, when it is under way).
  useEffect(() => {
    if (initializing || holding.current || view === 'profileCompletion' || view === 'reset') return;
    if (user && !pendingVerification) finish();
  }, [initializing, user, pendingVerification, view, finish]);

  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusyCount((n) => n + 1);
    try {
      return await work();
    } finally {
      setBusyCount((n) => n - 1);
    }
  }, []);

  // spec 1 §2: closing goes to /, and never while a request is busy.
  const onOpenChange = (open: boolean) => {
    if (!open && !isBusy) navigate('/', { replace: true });
  };

  const props: ViewProps = {
    goTo: setView,
    run,
    email,
    setEmail,
    holdRedirect: (hold) => {
      holding.current = hold;
    },
    finish,
    mfaToken,
    setMfaToken,
    resetToken: state.resetToken ?? '',
  };
  const heading = HEADINGS[view];
  const isTabView = view === 'login' || view === 'register';

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        hideClose={isBusy}
        aria-busy={isBusy}
        onEscapeKeyDown={(event) => isBusy && event.preventDefault()}
        onPointerDownOutside={(event) => isBusy && event.preventDefault()}
        onInteractOutside={(event) => isBusy && event.preventDefault()}
        className="max-w-md"
      >
        <DialogHeader>
          <DialogTitle>{heading.title}</DialogTitle>
          <DialogDescription>{heading.description}</DialogDescription>
        </DialogHeader>
        {isTabView && (
          <Tabs value={view} onValueChange={(value) => !isBusy && setView(value as AuthView)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login" disabled={isBusy}>
                Login
              </TabsTrigger>
              <TabsTrigger value="register" disabled={isBusy}>
                Register
              </TabsTrigger>
            </TabsList>
            {/* Each tab controls its panel (aria-controls must point at an element that exists). */}
            <TabsContent value="login">
              <LoginView {...props} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterView {...props} />
            </TabsContent>
          </Tabs>
        )}
        {view === 'forgot' && <ForgotView {...props} />}
        {view === 'code' && <CodeView {...props} />}
        {view === 'reset' && <ResetView {...props} />}
        {view === 'verify' && <VerifyView {...props} />}
        {view === 'profileCompletion' && <ProfileCompletionView {...props} />}
        {view === 'verifySuccess' && <VerifyResultView {...props} outcome="success" />}
        {view === 'verifyFailed' && <VerifyResultView {...props} outcome="failed" />}
      </DialogContent>
    </Dialog>
  );
}
