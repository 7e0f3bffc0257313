import { DEFAULT_STREAM_RULES, type StreamStatus } from '@app/shared/api/stream';

/** GET /api/admin/stream with Kick configured and no channel connected, for the web's tests. */
export const DISCONNECTED_STREAM: StreamStatus = {
  configured: true,
  missing: [],
  connected: false,
  channel: null,
  isLive: false,
  liveSince: null,
  lastEventAt: null,
  silentMinutes: null,
  subscriptions: [],
  rules: DEFAULT_STREAM_RULES,
};
