import { CalendarDays, Coins, Copy, LogOut, Trophy } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Profile } from '@app/shared/api/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/sonner';
import { useSession } from '@/lib/session';

/** Up to two letters from the username, e.g. 'cool_cat' → 'CC', 'demo' → 'DE'. */
export function initials(username: string): string {
  const words = username.split(/[_\s.-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : username.slice(0, 2);
  return letters.toUpperCase();
}

const number = new Intl.NumberFormat('en-US');

/** spec 1 §2 profile sidebar: initials, level, points bar, membership, the copyable User UID, Sign Out, Quick Stats. */
export function ProfileSidebar({ profile }: { profile: Profile }) {
  const { logout } = useSession();
  const navigate = useNavigate();

  const copyUid = async () => {
    try {
      await navigator.clipboard.writeText(profile.uid);
      toast({ title: 'User UID Copied' });
    } catch {
      toast({ title: 'Could not copy the User UID', description: 'Select it and copy it by hand.', variant: 'destructive' });
    }
  };

  // Leave the guarded page first, so the guard does not open the login dialog on the way out.
  const signOut = async () => {
    // Leave the page first (the lazy landing route may still load): a guarded page must not see
    // the session end and redirect to the login dialog.
    await navigate('/');
    await logout();
  };

  return (
    <aside aria-label="Your account" className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 text-center">
          <div
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-primary/15 text-2xl font-bold text-primary ring-2 ring-primary/30"
          >
            {initials(profile.username)}
          </div>
          <div>
            <h1 className="text-xl font-bold break-all">{profile.username}</h1>
            <p className="text-sm break-all text-muted-foreground">{profile.email}</p>
          </div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm font-medium">
            <Trophy className="size-4 text-primary" aria-hidden="true" />
            Level {profile.level} · {profile.levelName}
          </p>
          <div className="w-full text-left">
            <div className="mb-1 flex items-center justify-between text-sm">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <Coins className="size-4 text-primary" aria-hidden="true" />
                {number.format(profile.points)} points
              </span>
              <span className="text-muted-foreground">{Math.round(profile.levelProgress)}%</span>
            </div>
            <Progress value={profile.levelProgress} label="Progress to the next level" />
          </div>
          <dl className="grid w-full grid-cols-2 gap-2 text-left text-sm">
            <div className="rounded-md bg-muted/50 p-2">
              <dt className="text-xs text-muted-foreground">Member since</dt>
              <dd className="font-medium">{profile.membership.memberSinceFormatted}</dd>
            </div>
            <div className="rounded-md bg-muted/50 p-2">
              <dt className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <CalendarDays className="size-3" aria-hidden="true" />
                Days active
              </dt>
              <dd className="font-medium">{number.format(profile.membership.daysActive)}</dd>
            </div>
          </dl>
          <div className="w-full text-left">
            <p id="user-uid-label" className="text-xs text-muted-foreground">
              User UID
            </p>
            <div className="mt-1 flex items-center gap-2">
              <code aria-labelledby="user-uid-label" className="min-w-0 flex-1 truncate rounded-md border bg-muted/50 px-2 py-1.5 font-mono text-sm">
                {profile.uid}
              </code>
              <Button variant="outline" size="icon" aria-label="Copy User UID" onClick={() => void copyUid()}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">Paste it into Kick chat to connect your account.</p>
          </div>
          <Button variant="outline" className="w-full" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Quick Stats</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            {[
              ['Current rank', profile.stats.currentRank],
              ['Points earned', number.format(profile.stats.totalPointsEarned)],
              ['Bonuses redeemed', number.format(profile.stats.totalBonusesRedeemed)],
              ['Challenges completed', number.format(profile.stats.challengesCompleted)],
              ['Raffles entered', number.format(profile.stats.rafflesEntered)],
            ].map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-2">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </aside>
  );
}
