import { TriangleAlert } from 'lucide-react';
import type { Profile } from '@app/shared/api/profile';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AddCasinoAccountForm, AddCryptoAddressForm, CryptoAddressList } from './profile-forms';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

const STATE_LABELS = { pending: 'Pending verification', verified: 'Verified', rejected: 'Rejected' } as const;
const STATE_VARIANTS = { pending: 'secondary', verified: 'success', rejected: 'destructive' } as const;

export function CasinoAccountsTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Casino accounts</h2>
          </CardTitle>
          <CardDescription>Your username at each partner casino, so your wagering earns points once an admin verifies it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {profile.casinoAccounts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No casino accounts added yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Casino usernames">
              {profile.casinoAccounts.map((account) => (
                <li key={account.id} className="rounded-md border p-3" aria-label={`${account.platform} ${account.username}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">{account.platform}</p>
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="text-sm break-all text-muted-foreground">{account.username}</p>
                      <Badge variant={STATE_VARIANTS[account.state]}>{STATE_LABELS[account.state]}</Badge>
                    </div>
                  </div>
                  {account.warning && (
                    <p className="mt-2 flex items-start gap-2 text-sm">
                      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
                      {account.warning}
                    </p>
                  )}
                  {account.connected && (
                    <dl className="mt-2 grid grid-cols-2 gap-2 text-xs sm:grid-cols-5">
                      {(
                        [
                          ['Total wager', account.totalWager],
                          ['This month', account.monthlyWager],
                          ['Last month', account.prevMonthlyWager],
                          ['Monthly average', account.avgMonthlyWager],
                          ['Weekly average', account.avgWeeklyWager],
                        ] as const
                      ).map(([label, value]) => (
                        <div key={label}>
                          <dt className="text-muted-foreground">{label}</dt>
                          <dd className="font-medium tabular-nums">{money.format(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">A username cannot be changed without contacting support.</p>
          <AddCasinoAccountForm profile={profile} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Crypto addresses</h2>
          </CardTitle>
          <CardDescription>Where cash rewards are paid.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <CryptoAddressList profile={profile} />
          <AddCryptoAddressForm profile={profile} />
        </CardContent>
      </Card>
    </div>
  );
}
