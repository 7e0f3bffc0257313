import type { AdminCasinoAccount, CasinoAccountState } from '@app/shared/api/casino-accounts';
import type { AdminUserDetail } from '@app/shared/api/admin-users';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPoints, formatUsd } from '../components/format';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useDecideCasinoAccount } from './api/decide-casino-account';
import { useUserCasinoAccounts } from './api/get-user-casino-accounts';

const STATE_LABELS: Record<CasinoAccountState, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };
const STATE_VARIANTS = { pending: 'outline', verified: 'success', rejected: 'destructive' } as const;

function averages(accounts: readonly AdminCasinoAccount[]) {
  const total = accounts.reduce((sum, a) => sum + a.totalWagered, 0);
  const n = Math.max(1, accounts.length);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    total: round(total),
    avgMonthly: round(accounts.reduce((sum, a) => sum + a.monthlyWager, 0) / n),
    avgWeekly: round(accounts.reduce((sum, a) => sum + a.weeklyWager, 0) / n),
  };
}

function DecisionButtons({ user, account }: { user: AdminUserDetail; account: AdminCasinoAccount }) {
  const decide = useDecideCasinoAccount();
  const run = async (decision: 'verify' | 'reject') => {
    try {
      const result = await decide.mutateAsync({ userId: user.id, accountId: account.id, decision });
      toast({
        title: decision === 'verify' ? 'Casino Account Verified' : 'Casino Account Rejected',
        description:
          decision === 'verify'
            ? `${account.platform} ${account.username} verified for ${user.name} · balance ${formatPoints(result.points)} points`
            : `${account.platform} ${account.username} rejected for ${user.name}`,
      });
    } catch (e) {
      toastRequestError(e, decision === 'verify' ? 'Verify failed' : 'Reject failed');
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {account.state !== 'verified' && (
        <Button size="sm" onClick={() => void run('verify')} disabled={decide.isPending} aria-label={`Verify ${account.platform} account ${account.username}`}>
          Verify
        </Button>
      )}
      {account.state !== 'rejected' && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void run('reject')}
          disabled={decide.isPending}
          aria-label={`Reject ${account.platform} account ${account.username}`}
        >
          Reject
        </Button>
      )}
    </div>
  );
}

/** spec 2 §2, §3: the Casino Accounts tab: each link's state and wagers, verified or rejected here (audited by the server). */
export function CasinoAccountsTab({ user }: { user: AdminUserDetail }) {
  const accounts = useUserCasinoAccounts(user.id);
  return (
    <AdminQueryState query={accounts} label="casino accounts">
      {(list) => {
        if (list.length === 0) return <p className="text-sm text-muted-foreground">No casino accounts linked.</p>;
        const { total, avgMonthly, avgWeekly } = averages(list);
        return (
          <div className="grid gap-3">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              {(
                [
                  ['Total wagered', formatUsd(total)],
                  ['Avg monthly wager', formatUsd(avgMonthly)],
                  ['Avg weekly wager', formatUsd(avgWeekly)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="overflow-x-auto">
              <Table>
                <TableCaption className="sr-only">Casino accounts</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Platform</TableHead>
                    <TableHead>Username</TableHead>
                    <TableHead>State</TableHead>
                    <TableHead>Affiliate</TableHead>
                    <TableHead>Total</TableHead>
                    <TableHead>Monthly</TableHead>
                    <TableHead>Weekly</TableHead>
                    <TableHead>Prev. week</TableHead>
                    <TableHead>Prev. month</TableHead>
                    <TableHead>Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell>{a.platform}</TableCell>
                      <TableCell>{a.username}</TableCell>
                      <TableCell>
                        <Badge variant={STATE_VARIANTS[a.state]}>{STATE_LABELS[a.state]}</Badge>
                      </TableCell>
                      <TableCell>{a.affiliate ? <Badge variant="success">Yes</Badge> : <Badge variant="outline">No</Badge>}</TableCell>
                      <TableCell>{formatUsd(a.totalWagered)}</TableCell>
                      <TableCell>{formatUsd(a.monthlyWager)}</TableCell>
                      <TableCell>{formatUsd(a.weeklyWager)}</TableCell>
                      <TableCell>{formatUsd(a.prevWeekWager)}</TableCell>
                      <TableCell>{formatUsd(a.prevMonthWager)}</TableCell>
                      <TableCell>
                        <DecisionButtons user={user} account={a} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        );
      }}
    </AdminQueryState>
  );
}
