import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { HowItWorks } from '@/components/how-it-works';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useOpenAuth } from '@/lib/use-open-auth';
import { AboutPoints } from './about-points';
import { StoreCatalogue } from './store-catalogue';
import { StoreHeader } from './store-header';
import { STORE_STEPS } from './store-how-it-works';

/** /points-store-public: the catalogue for anyone; redeeming opens the auth dialog for visitors. */
export default function PointsStorePublicPage() {
  const { user, pendingVerification } = useSession();
  const openAuth = useOpenAuth();
  const isMember = Boolean(user && !pendingVerification);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <StoreHeader />
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
        {isMember ? (
          <>
            <p>
              You have <strong className="tabular-nums">{user!.points.toLocaleString('en-US')}</strong> points.
            </p>
            <Button asChild variant="outline">
              <Link to="/points-store">Open your Points Store</Link>
            </Button>
          </>
        ) : (
          <>
            <p>Sign in to see your points, redeem rewards and follow your orders.</p>
            <Button onClick={openAuth}>
              <LogIn aria-hidden="true" />
              Sign In
            </Button>
          </>
        )}
      </div>
      <StoreCatalogue />
      <AboutPoints />
      <HowItWorks steps={STORE_STEPS} className="px-0" />
    </div>
  );
}
