import { Gift, Link2, Star } from 'lucide-react';
import type { Profile } from '@app/shared/api/profile';
import { XP_EXPLAINED } from '@app/shared/domain/ranks';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { HistoryList } from './history-list';
import { ChatLinksCard } from './chat-links-card';
import { KickLinkCard } from './kick-link-card';

// spec 1 §9: the next level milestone is Level 25 (VIP Badge); rewards earned are shown as level minus 1.
const MILESTONE_LEVEL = 25;

const xpNumber = new Intl.NumberFormat('en-US');
const CASINO_STATE = { pending: 'pending verification', verified: 'verified', rejected: 'rejected' } as const;

export function OverviewTab({ profile }: { profile: Profile }) {
  const rewardsEarned = Math.max(0, profile.level - 1);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>
              Level {profile.level} · {profile.levelName}
            </h2>
          </CardTitle>
          <CardDescription>
            {xpNumber.format(profile.xp)} XP. {XP_EXPLAINED}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Progress value={profile.levelProgress} label="Level progress" />
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex items-center gap-3 rounded-lg border p-3">
              <Star className="size-5 text-primary" aria-hidden="true" />
              <div>
                <p className="text-xs text-muted-foreground">Next milestone</p>
                <p className="font-medium">Level {MILESTONE_LEVEL} (VIP Badge)</p>
              </div>
            </div>
            <div className="flex items-center gap-3 rounded-lg border p-3">
              <Gift className="size-5 text-primary" aria-hidden="true" />
              <div>
                <p className="text-xs text-muted-foreground">Rewards earned</p>
                <p className="font-medium">{rewardsEarned}</p>
              </div>
            </div>
          </div>
        </CardContent>
      </Card>
      <KickLinkCard uid={profile.uid} />
      <ChatLinksCard uid={profile.uid} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Connected accounts</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          {profile.socialAccounts.length === 0 ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Link2 className="size-4" aria-hidden="true" />
              Kick: not linked yet (see Kick account above).
            </p>
          ) : (
            profile.socialAccounts.map((account) => (
              <p key={`${account.platform}-${account.uid}`}>
                {account.platform}: {account.connected ? account.username : 'not connected'}
              </p>
            ))
          )}
          {/* One source for casino accounts: the linked accounts of the Casino Accounts tab. */}
          {profile.casinoAccounts.length === 0 ? (
            <p className="text-muted-foreground">No casino accounts linked yet.</p>
          ) : (
            profile.casinoAccounts.map((account) => (
              <p key={account.id}>
                {account.platform}: {account.username} ({CASINO_STATE[account.state]})
              </p>
            ))
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Recent activity</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <HistoryList items={profile.historyData.slice(0, 5)} emptyText="No activity yet. Points, raffles and rewards will show up here." />
        </CardContent>
      </Card>
    </div>
  );
}
