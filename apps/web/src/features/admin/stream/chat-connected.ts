import type { StreamStatus } from '@app/shared/api/stream';

/** Whether any chat is connected for the bot to serve (a switch that is on does nothing without one). */
export function isChatConnected(status: StreamStatus | undefined): boolean | undefined {
  if (!status) return undefined;
  const platforms = (status as { platforms?: { connected: boolean }[] }).platforms;
  return (status.connected && status.channel !== null) || (platforms ?? []).some((p) => p.connected);
}
