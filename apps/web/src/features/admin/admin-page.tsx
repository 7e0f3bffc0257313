import {
  Code,
  Dices,
  Flag,
  Vote,
  Gift,
  Crown,
  Handshake,
  ScrollText,
  LayoutDashboard,
  PanelLeftClose,
  PanelLeftOpen,
  Radio,
  Settings,
  ShoppingBag,
  ShoppingCart,
  Ticket,
  Trophy,
  TrendingUp,
  Upload,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Navigate, NavLink, useRoutes } from 'react-router';
import { cn } from '@/lib/utils';
import { AffiliatesScreen } from './affiliates/affiliates-screen';
import { KingOfTheHillScreen } from './king-of-the-hill/king-of-the-hill-screen';
import { AuditScreen } from './audit/audit-screen';
import { LevelRewardsScreen } from './level-rewards/level-rewards-screen';
import { OrdersScreen } from './orders/orders-screen';
import { OverviewScreen } from './overview/overview-screen';
import { RacesScreen } from './races/races-screen';
import { RafflesScreen } from './raffles/raffles-screen';
import { SettingsScreen } from './settings/settings-screen';
import { StoreScreen } from './store/store-screen';
import { StreamScreen } from './stream/stream-screen';
import { UsersScreen } from './users/users-screen';
import { WagerImportScreen } from './wagers/wager-import-screen';
import { SlotsScreen } from './slots/slots-screen';
import { BonusHuntsScreen } from './bonus-hunts/bonus-hunts-screen';
import { ChallengesScreen } from './challenges/challenges-screen';
import { DevelopersScreen } from './developers/developers-screen';
import { PredictionsScreen } from './predictions/predictions-screen';

type Section = { to: string; label: string; icon: LucideIcon };

/** spec 2 §2: the sidebar of the spec, plus Store, Orders and Wager Import. */
export const ADMIN_SECTIONS: Section[] = [
  { to: '/admin', label: 'Overview', icon: LayoutDashboard },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/affiliates', label: 'Affiliates', icon: Handshake },
  { to: '/admin/levelup', label: 'LevelUp Rewards', icon: Gift },
  { to: '/admin/races', label: 'Leaderboard Races', icon: Trophy },
  { to: '/admin/raffles', label: 'Raffles', icon: Ticket },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/stream', label: 'Stream', icon: Radio },
  { to: '/admin/store', label: 'Store', icon: ShoppingBag },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/wagers', label: 'Wager Import', icon: Upload },
  { to: '/admin/slots', label: 'Slot Hub', icon: Dices },
  { to: '/admin/bonus-hunts', label: 'Bonus Hunts', icon: TrendingUp },
  { to: '/admin/king-of-the-hill', label: 'King of the Hill', icon: Crown },
  { to: '/admin/challenges', label: 'Challenges', icon: Flag },
  { to: '/admin/predictions', label: 'Predictions', icon: Vote },
  { to: '/admin/developers', label: 'Developers', icon: Code },
  { to: '/admin/audit', label: 'Audit Log', icon: ScrollText },
];

// Below the large breakpoint the sidebar starts as a rail of icons, leaving the tables their width.
function startsCollapsed(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1023px)').matches;
}

function AdminSidebar() {
  const [isCollapsed, setIsCollapsed] = useState(startsCollapsed);
  const Toggle = isCollapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside className={cn('shrink-0 border-r bg-card/40 transition-[width]', isCollapsed ? 'w-14' : 'w-56')} data-collapsed={isCollapsed ? 'true' : 'false'}>
      <div className="sticky top-16 flex flex-col gap-1 p-2">
        <button
          type="button"
          onClick={() => setIsCollapsed((v) => !v)}
          aria-expanded={!isCollapsed}
          aria-controls="admin-nav"
          className="flex h-9 items-center gap-2 rounded-md px-2.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Toggle className="size-4 shrink-0" aria-hidden="true" />
          <span className={isCollapsed ? 'sr-only' : undefined}>{isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
        </button>
        <nav id="admin-nav" aria-label="Admin">
          <ul className="flex flex-col gap-1">
            {ADMIN_SECTIONS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/admin'}
                  title={isCollapsed ? label : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className={isCollapsed ? 'sr-only' : 'truncate'}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}

/** The admin console (/admin/*): the sidebar and the screen of the current section. */
export default function AdminPage() {
  const screen = useRoutes([
    { index: true, element: <OverviewScreen /> },
    { path: 'users', element: <UsersScreen /> },
    { path: 'affiliates', element: <AffiliatesScreen /> },
    { path: 'levelup', element: <LevelRewardsScreen /> },
    { path: 'races', element: <RacesScreen /> },
    { path: 'raffles', element: <RafflesScreen /> },
    { path: 'settings', element: <SettingsScreen /> },
    { path: 'stream/*', element: <StreamScreen /> },
    { path: 'store', element: <StoreScreen /> },
    { path: 'orders', element: <OrdersScreen /> },
    { path: 'wagers', element: <WagerImportScreen /> },
    { path: 'slots', element: <SlotsScreen /> },
    { path: 'bonus-hunts', element: <BonusHuntsScreen /> },
    { path: 'king-of-the-hill', element: <KingOfTheHillScreen /> },
    { path: 'challenges', element: <ChallengesScreen /> },
    { path: 'developers', element: <DevelopersScreen /> },
    { path: 'predictions', element: <PredictionsScreen /> },
    { path: 'audit', element: <AuditScreen /> },
    { path: '*', element: <Navigate to="/admin" replace /> },
  ]);
  return (
    <div className="flex min-h-[calc(100dvh-4rem)]">
      <AdminSidebar />
      <div className="min-w-0 flex-1 p-4 md:p-6">{screen}</div>
    </div>
  );
}
