import { useState } from 'react';
import type { AdminUserDetail, UserActivity } from '@app/shared/api/admin-users';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Facts } from '../components/facts';
import { formatDateTime, formatPoints } from '../components/format';
import { Pager } from '../components/pager';
import { AdminQueryState } from '../components/query-state';
import { CasinoAccountsTab } from './casino-accounts-tab';
import { PointsForm } from './points-form';
import { RestrictionsTab } from './restrictions-tab';
import { useAdminUser } from './api/get-admin-user';
import { useUserActivity } from './api/get-user-activity';

function OverviewTab({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid gap-4">
      <Facts
        className="sm:grid-cols-3"
        facts={[
          ['Email', user.email],
          ['UID', <span className="font-mono">{user.uid}</span>],
          ['Kick', user.kickUsername ?? 'Not connected'],
          ['Joined', formatDateTime(user.joined)],
          ['Last login', formatDateTime(user.lastLogin)],
          ['Points', formatPoints(user.points)],
          ['Status', user.status],
          ['Orders', String(user.stats.orders)],
          ['Raffle entries', String(user.stats.raffleEntries)],
          ['Points earned', formatPoints(user.stats.pointsEarned)],
          ['Points spent', formatPoints(user.stats.pointsSpent)],
        ]}
      />
      <PointsForm user={user} />
    </div>
  );
}

/** spec 2 §2: the activity-detail popup: IP, user agent, location when known, metadata. */
function ActivityDetailDialog({ item, onOpenChange }: { item: UserActivity | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Activity details</DialogTitle>
          <DialogDescription>{item ? `${item.action}: ${item.details}` : ''}</DialogDescription>
        </DialogHeader>
        {item && (
          <div className="grid gap-3 text-sm">
            <Facts
              facts={[
                ['Time', formatDateTime(item.timestamp)],
                ['Type', item.type],
                ['IP address', item.ipAddress ?? 'Not recorded'],
                ['Location', item.location ?? 'Unknown'],
              ]}
            />
            <div>
              <h3 className="text-muted-foreground">User agent</h3>
              <p className="font-mono text-xs break-all">{item.userAgent ?? 'Not recorded'}</p>
            </div>
            <div>
              <h3 className="text-muted-foreground">Metadata</h3>
              <pre className="max-h-48 overflow-auto rounded-md bg-muted p-2 text-xs">{JSON.stringify(item.metadata, null, 2)}</pre>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ActivityTab({ user }: { user: AdminUserDetail }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<UserActivity | null>(null);
  const activity = useUserActivity(user.id, page);
  return (
    <AdminQueryState query={activity} label="activity">
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
        return (
          <div className="grid gap-2">
            {data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No activity recorded.</p>
            ) : (
              <ul className="grid gap-1">
                {data.items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => setSelected(item)}
                      className="grid w-full gap-0.5 rounded-md border p-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <span className="font-medium">{item.action}</span>
                      <span className="text-muted-foreground">
                        {item.details} · {formatDateTime(item.timestamp)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 && <Pager label="Activity pages" page={page} pages={pages} setPage={setPage} />}
            <ActivityDetailDialog item={selected} onOpenChange={(open) => !open && setSelected(null)} />
          </div>
        );
      }}
    </AdminQueryState>
  );
}

/** spec 2 §2: the User-details dialog with tabs Overview, Casino Accounts, Activity and Restrictions. */
export function UserDetailsDialog({ userId, onOpenChange }: { userId: string | null; onOpenChange: (open: boolean) => void }) {
  const user = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>User details</DialogTitle>
          <DialogDescription>
            {user.data ? (
              <>
                {user.data.name} · {user.data.status}
                {user.data.flags.length > 0 ? ` · ${user.data.flags.join(', ')}` : ''}
              </>
            ) : (
              'The account, its casinos, activity and restrictions.'
            )}
          </DialogDescription>
        </DialogHeader>
        {userId && (
          <AdminQueryState query={user} label="the user">
            {(data) => (
              <Tabs defaultValue="overview">
                <TabsList>
                  <TabsTrigger value="overview">Overview</TabsTrigger>
                  <TabsTrigger value="casinos">Casino Accounts</TabsTrigger>
                  <TabsTrigger value="activity">Activity</TabsTrigger>
                  <TabsTrigger value="restrictions">Restrictions</TabsTrigger>
                </TabsList>
                <TabsContent value="overview" className="pt-2">
                  <OverviewTab user={data} />
                </TabsContent>
                <TabsContent value="casinos" className="pt-2">
                  <CasinoAccountsTab user={data} />
                </TabsContent>
                <TabsContent value="activity" className="pt-2">
                  <ActivityTab user={data} />
                </TabsContent>
                <TabsContent value="restrictions" className="pt-2">
                  <RestrictionsTab user={data} />
                </TabsContent>
              </Tabs>
            )}
          </AdminQueryState>
        )}
      </DialogContent>
    </Dialog>
  );
}
