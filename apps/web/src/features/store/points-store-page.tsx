import { CheckCircle2, Coins, History, Package, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { HowItWorks } from '@/components/how-it-works';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/stat-card';
import { useRewards } from '@/lib/api/get-rewards';
import { useSession } from '@/lib/session';
import { AboutPoints } from './about-points';
import { useOrders } from './api/get-orders';
import { PurchaseHistoryDialog } from './purchase-history-dialog';
import { StoreCatalogue } from './store-catalogue';
import { StoreHeader } from './store-header';
import { STORE_STEPS } from './store-how-it-works';
import { storeStats } from './store-math';

/** /points-store (verified members, spec 2 §2): stats, Purchase History, the catalogue, About Points. */
export default function PointsStorePage() {
  const { user } = useSession();
  const rewards = useRewards();
  const orders = useOrders();
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const stats = orders.data && rewards.data ? storeStats(orders.data, rewards.data) : null;
  const n = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-US'));

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <StoreHeader />
        <Button variant="outline" aria-haspopup="dialog" aria-expanded={isHistoryOpen} onClick={() => setIsHistoryOpen((open) => !open)}>
          <History aria-hidden="true" />
          {isHistoryOpen ? 'Close History' : 'Purchase History'}
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats === null}>
        <StatCard icon={<Coins />} label="Your Points" value={n(user?.points)} />
        <StatCard icon={<ShoppingBag />} label="Total Spent" value={n(stats?.totalSpent)} />
        <StatCard icon={<CheckCircle2 />} label="Redeemed" value={n(stats?.redeemed)} />
        <StatCard icon={<Package />} label="Available Items" value={n(stats?.availableItems)} />
      </dl>
      <StoreCatalogue />
      <AboutPoints />
      <HowItWorks steps={STORE_STEPS} className="px-0" />
      <PurchaseHistoryDialog open={isHistoryOpen} onOpenChange={setIsHistoryOpen} />
    </div>
  );
}
