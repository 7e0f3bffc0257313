import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AdminQueryState } from '../components/query-state';
import { useBotFeatures } from '../settings/api/get-bot-features';
import { BotSwitches } from '../settings/bot-switches';
import { useStream } from './api/get-stream';
import { isChatConnected } from './chat-connected';

/** The moderation tab's switch: the same saved switch as the Overview's Bot Status (one setting, two places). */
export function ModerationSwitch() {
  const features = useBotFeatures();
  const stream = useStream();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Moderation switch</h2>
        </CardTitle>
        <CardDescription>Off, nothing is moderated. The same switch as the Overview&apos;s Bot Status.</CardDescription>
      </CardHeader>
      <CardContent>
        <AdminQueryState query={features} label="the switch">
          {(list) => <BotSwitches features={list.filter((f) => f.id === 'moderation')} isChatConnected={isChatConnected(stream.data)} />}
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}
