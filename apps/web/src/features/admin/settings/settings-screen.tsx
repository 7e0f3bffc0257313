import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { useBotFeatures } from './api/get-bot-features';
import { BotSwitches } from './bot-switches';
import { useWagerSyncs } from './api/get-wager-syncs';
import { WagerSyncSection } from './wager-sync-section';

/** Settings: the stream bot's feature switches, saved in app settings; the partners' wager sync. */
export function SettingsScreen() {
  const features = useBotFeatures();
  const syncs = useWagerSyncs();
  return (
    <div className="grid gap-4">
      <ScreenHeader
        title="Settings"
        description="Switches of the stream bot's features and the partner casinos' wager sync. Every change is on record in the audit log."
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>Bot features</h2>
          </CardTitle>
          <CardDescription>Turn a feature off to stop the bot offering it in chat.</CardDescription>
        </CardHeader>
        <CardContent>
          <AdminQueryState query={features} label="bot features">
            {(data) => <BotSwitches features={data} />}
          </AdminQueryState>
        </CardContent>
      </Card>
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>Wager sync</h2>
          </CardTitle>
          <CardDescription>
            Each partner casino&apos;s wagers are fetched on a schedule. A sync without success for two periods is delayed, and the public leaderboard says so.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AdminQueryState query={syncs} label="wager sync">
            {(data) => <WagerSyncSection partners={data} />}
          </AdminQueryState>
        </CardContent>
      </Card>
    </div>
  );
}
