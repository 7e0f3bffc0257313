import type { Profile } from '@app/shared/api/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AddCasinoAccountForm, AddCryptoAddressForm, CryptoAddressList } from './profile-forms';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function CasinoAccountsTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Casino accounts</h2>
          </CardTitle>
          <CardDescription>Your username at each partner casino, so your wagering earns points.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {profile.profilePartners.length === 0 ? (
            <p className="text-sm text-muted-foreground">No casino accounts added yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Casino usernames">
              {profile.profilePartners.map((entry) => {
                const stats = profile.casinoAccounts.find((account) => account.platform === entry.partner);
                return (
                  <li key={`${entry.partner}-${entry.username}`} className="rounded-md border p-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium">{entry.partner}</p>
                      <p className="text-sm break-all text-muted-foreground">{entry.username}</p>
                    </div>
                    {stats && (
                      <dl className="mt-2 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
                        {[
                          ['Total wager', stats.totalWager],
                          ['This month', stats.monthlyWager],
                          ['Last month', stats.prevMonthlyWager],
                          ['Monthly average', stats.avgMonthlyWager],
                        ].map(([label, value]) => (
                          <div key={label}>
                            <dt className="text-muted-foreground">{label}</dt>
                            <dd className="font-medium">{money.format(Number(value))}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </li>
                );
              })}
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
