import type { Profile } from '@app/shared/api/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AddCasinoAccountForm, CryptoSettingsForm } from './profile-forms';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export function SettingsTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Account</h2>
          </CardTitle>
          <CardDescription>A username cannot be changed without contacting support.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="settings-username">Username</Label>
            <Input id="settings-username" value={profile.username} readOnly />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="settings-email">Email</Label>
            <Input id="settings-email" value={profile.email} readOnly />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Payouts and partners</h2>
          </CardTitle>
          <CardDescription>Leave an address blank to remove it.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <CryptoSettingsForm profile={profile} />
          <AddCasinoAccountForm profile={profile} />
        </CardContent>
      </Card>
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
