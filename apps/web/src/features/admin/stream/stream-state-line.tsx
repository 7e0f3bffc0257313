import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useStream } from './api/get-stream';

/** The Overview's Bot Status line: whether the Kick channel is connected and live, linking to the Stream screen. */
export function StreamStateLine() {
  const query = useStream();
  const status = query.data;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Kick channel:</span>
      {query.isPending ? (
        <span role="status">Loading…</span>
      ) : !status ? (
        <span>unknown</span>
      ) : !status.connected || !status.channel ? (
        <Badge variant="secondary">Not connected</Badge>
      ) : (
        <>
          <span className="font-medium">{status.channel.slug}</span>
          {status.isLive ? <Badge variant="success">Live</Badge> : <Badge variant="secondary">Offline</Badge>}
          {status.channel.needsReconnect && <Badge variant="destructive">Reconnect needed</Badge>}
        </>
      )}
      <Link to="/admin/stream" className="font-medium text-primary underline-offset-4 hover:underline">
        Stream settings
      </Link>
    </p>
  );
}
