import type { Slot, SlotVolatility } from '@app/shared/api/slots';
import type { slots } from '../../db/schema.ts';

export type SlotRow = typeof slots.$inferSelect;

/** RTP from hundredths of a percent to a percent with two decimals. */
function rtpOf(rtpBp: number | null): number | null {
  return rtpBp === null ? null : rtpBp / 100;
}

/** A percent with up to two decimals to hundredths of a percent. */
export function rtpBpOf(rtp: number | null): number | null {
  return rtp === null ? null : Math.round(rtp * 100);
}

export function presentSlot(row: SlotRow): Slot {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    rtp: rtpOf(row.rtpBp),
    volatility: row.volatility as SlotVolatility | null,
    maxWin: row.maxWin,
    year: row.releaseYear,
    imageUrl: row.imageUrl,
    source: row.source,
  };
}
