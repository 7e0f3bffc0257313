import Bowser from 'bowser';
import type { SessionInfo } from '@app/shared/api/auth';
import type { authSessions } from '../../db/schema.ts';

export type SessionRow = typeof authSessions.$inferSelect;

/** "Chrome 140 on Linux" from a user agent; "Unknown device" when it says nothing usable. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}` : '';
  const os = parsed.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}

/** A session row as the sessions list shows it; `current` marks the caller's own. */
export function presentSession(row: SessionRow, currentId: string | null): SessionInfo {
  return {
    id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip || 'Unknown',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  };
}
