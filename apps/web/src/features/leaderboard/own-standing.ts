import { useEffect, useState } from 'react';
import { useSession } from '@/lib/session';

/**
 * The public board's opaque id of a member in a race: the first 16 hex digits of
 * SHA-256("raceId:userId"), as the server makes it (apps/server/src/modules/races/race-board.ts,
 * publicId). The board is the same for everyone; the member's browser finds its own row.
 */
export async function ownStandingId(raceId: string, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${raceId}:${userId}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

/** The signed-in member's standing id in this race; null for a visitor (or until it is worked out). */
export function useOwnStandingId(raceId: string | undefined): string | null {
  const userId = useSession().user?.id;
  const [found, setFound] = useState<{ key: string; id: string } | null>(null);
  const key = raceId && userId ? `${raceId}:${userId}` : null;
  useEffect(() => {
    if (!raceId || !userId) return;
    let live = true;
    void ownStandingId(raceId, userId).then((id) => {
      if (live) setFound({ key: `${raceId}:${userId}`, id });
    });
    return () => {
      live = false;
    };
  }, [raceId, userId]);
  return key && found?.key === key ? found.id : null;
}
