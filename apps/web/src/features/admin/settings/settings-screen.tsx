import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState, ScreenHeader } from '../components/query-state';
import { useBotFeatures } from './bot-features-api';
import { BotSwitches } from './bot-switches';

/** Settings (issue 10): the stream bot's feature switches, saved in app settings. */
export function SettingsScreen() {
  const features = useBotFeatures();
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Settings" description="Switches of the stream bot's features. Every change is on record in the audit log." />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>Bot features</h2>
          </CardTitle>
          <CardDescription>Turn a feature off to stop the bot offering it in chat.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={features} label="bot features">
            {(data) => <BotSwitches features={data} />}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
