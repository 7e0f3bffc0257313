import { partnerName, type PartnerId } from '@app/shared/api/casino-accounts';
import { DEFAULT_WAGER_SYNC_MAPPING, WagerSyncMappingSchema, type WagerSyncPartner, type WagerSyncResult } from '@app/shared/api/wagers';
import type { wagerSyncPartners } from '../../db/schema.ts';

type WagerSyncRow = typeof wagerSyncPartners.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A partner's wager sync as the admin sees it: never the key (hasKey only); a partner not configured
 * yet shows the defaults. `delayed` is the service's verdict at the caller's now.
 */
export function presentWagerSync(partner: PartnerId, row: WagerSyncRow | null, delayed: boolean): WagerSyncPartner {
  if (!row) {
    return {
      partner,
      name: partnerName(partner),
      configured: false,
      endpointUrl: '',
      hasKey: false,
      keyHeader: 'x-api-key',
      mapping: DEFAULT_WAGER_SYNC_MAPPING,
      enabled: false,
      periodMinutes: 60,
      lastRunAt: null,
      lastSuccessAt: null,
      lastResult: null,
      lastError: null,
      lastErrorAt: null,
      nextRunAt: null,
      delayed: false,
    };
  }
  const mapping = WagerSyncMappingSchema.safeParse(row.mapping);
  return {
    partner,
    name: partnerName(partner),
    configured: true,
    endpointUrl: row.endpointUrl,
    hasKey: row.apiKey !== null,
    keyHeader: row.keyHeader,
    mapping: mapping.success ? mapping.data : DEFAULT_WAGER_SYNC_MAPPING,
    enabled: row.enabled,
    periodMinutes: row.periodMinutes,
    lastRunAt: iso(row.lastRunAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastResult: (row.lastResult as WagerSyncResult | null) ?? null,
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    nextRunAt: row.enabled ? iso(row.nextRunAt) : null,
    delayed,
  };
}
