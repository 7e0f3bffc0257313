import { useState } from 'react';
import type { ActivityType, OverviewStat } from '@app/shared/api/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { BotSwitches } from '../settings/bot-switches';
import { useStream } from '../stream/api/get-stream';
import { isChatConnected } from '../stream/chat-connected';
import { StreamStateLine } from '../stream/stream-state-line';
import { useActivity } from './api/get-activity';
import { useOverview } from './api/get-overview';

/** spec 2 §2: the Latest Activity filter. */
const ACTIVITY_FILTERS: { value: ActivityType | 'all'; label: string }[] = [
  { value: 'all', label: 'All Activities' },
  { value: 'raffle', label: 'Raffles' },
  { value: 'challenge', label: 'Challenges' },
  { value: 'user', label: 'Users' },
  { value: 'points', label: 'Points' },
  { value: 'level', label: 'Levels' },
];

/** The change against the previous 30 days, as a sentence; no percentage when the server found the base too small. */
export function changeText(stat: OverviewStat): string {
  if (stat.changePercent === null) {
    if (stat.value === stat.previous) return 'No change vs last 30 days';
    return stat.value > stat.previous ? 'New in the last 30 days' : `Down from ${formatPoints(stat.previous)} 30 days ago`;
  }
  const sign = stat.changePercent > 0 ? '+' : '';
  return `${sign}${stat.changePercent.toFixed(1)}% vs last 30 days`;
}

function StatCard({ title, stat, note }: { title: string; stat: OverviewStat; note?: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle asChild>
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-4">
        <p className="text-2xl font-bold">{formatPoints(stat.value)}</p>
        <p className="text-xs text-muted-foreground">{changeText(stat)}</p>
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}

function LatestActivity() {
  const [type, setType] = useState<ActivityType | 'all'>('all');
  const activity = useActivity(type);
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-2">
        <CardTitle asChild>
          <h2>Latest Activity</h2>
        </CardTitle>
        <div className="grid gap-1.5">
          <Label htmlFor="activity-filter" className="sr-only">
            Activity filter
          </Label>
          <Select value={type} onValueChange={(v) => setType(v as ActivityType | 'all')}>
            <SelectTrigger id="activity-filter" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACTIVITY_FILTERS.map((f) => (
                <SelectItem key={f.value} value={f.value}>
                  {f.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        <AdminQueryState query={activity} label="activity">
          {(data) =>
            data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No activities found for the selected filter.</p>
            ) : (
              <ul className="grid gap-2">
                {data.items.map((item) => (
                  <li key={item.id} className="grid gap-0.5 border-b pb-2 text-sm last:border-0">
                    <span className="font-medium">{item.title}</span>
                    <span className="text-muted-foreground">
                      {item.details}
                      {item.actor ? ` · by ${item.actor.username}` : ''} · {formatDateTime(item.time)}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}

/** spec 2 §2 Overview: the four figures, Latest Activity, System Status and Bot Status, from the database. */
export function OverviewScreen() {
  const overview = useOverview();
  const stream = useStream();
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Overview" description="The community at a glance, from the database." />
      <AdminQueryState query={overview} label="the overview">
        {(data) => (
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard title="Total Users" stat={data.stats.totalUsers} />
              <StatCard title="Active Raffles" stat={data.stats.activeRaffles} />
              <StatCard title="Active Challenges" stat={data.stats.activeChallenges} note={data.stats.activeChallenges.note} />
              <StatCard title="Points Distributed" stat={data.stats.pointsDistributed} />
            </div>
            <div className="grid gap-4 lg:grid-cols-3">
              <LatestActivity />
              <div className="grid content-start gap-4">
                <Card>
                  <CardHeader>
                    <CardTitle asChild>
                      <h2>System Status</h2>
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <dl className="grid grid-cols-2 gap-2 text-sm">
                      <dt className="text-muted-foreground">Version</dt>
                      <dd>{data.system.version}</dd>
                      <dt className="text-muted-foreground">Last updated</dt>
                      <dd>{data.system.lastUpdated ? formatDateTime(data.system.lastUpdated) : 'Unknown'}</dd>
                      <dt className="text-muted-foreground">Server</dt>
                      <dd>{data.system.serverStatus}</dd>
                      <dt className="text-muted-foreground">Database</dt>
                      <dd>
                        {data.system.databaseStatus} ({data.system.database === 'pglite' ? 'PGlite' : 'PostgreSQL'})
                      </dd>
                    </dl>
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle asChild>
                      <h2>Bot Status</h2>
                    </CardTitle>
                    <CardDescription>Saved switches of the stream bot.</CardDescription>
                  </CardHeader>
                  <CardContent className="grid gap-4">
                    <StreamStateLine />
                    <BotSwitches features={data.bot} isChatConnected={isChatConnected(stream.data)} />
                  </CardContent>
                </Card>
              </div>
            </div>
          </div>
        )}
      </AdminQueryState>
    </div>
  );
}
