import { SEARCH_STATUS_FILTERS, type SearchCategory, type SearchResponse, type SearchResult } from '@app/shared/api/admin';
import { REWARD_CATEGORIES } from '@app/shared/api/store';
import { PARTNER_NAMES } from '@app/shared/domain/leaderboards';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affiliates, challenges, ledgerEntries, orders, raffles, rewards, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { raffleStatus } from '../raffles/index.ts';
import { challengeStatus } from '../challenges/index.ts';
import {
  presentAffiliateResult,
  presentChallengeResult,
  presentOrderResult,
  presentRaffleResult,
  presentRedeemResult,
  presentRewardResult,
  presentUserResult,
} from './search-presenter.ts';
import { statusSql } from '../../platform/restrictions.ts';

/** Quick Search (spec 2 §2 floating quick-action button): one category at a time, its own filters. */

export type SearchParams = {
  category: SearchCategory;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  partner?: string | undefined;
  rewardCategory?: string | undefined;
  limit: number;
};

const badFilter = (message: string) => new AppError('VALIDATION_ERROR', message);

/** The comma-separated status filter, each value checked against the category's list (400 otherwise). */
function statusesOf(category: SearchCategory, status: string | undefined): string[] | null {
  if (!status) return null;
  const allowed = SEARCH_STATUS_FILTERS[category];
  const values = status
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = values.find((v) => !allowed.includes(v));
  if (unknown !== undefined) throw badFilter(`Unknown ${category} filter '${unknown}'. Use: ${allowed.join(', ')}`);
  return values.length > 0 ? values : null;
}

/** From/To on a date column; a plain To date includes its whole day. */
function dateRange(column: Column, from: string | undefined, to: string | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(gte(column, new Date(/^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00.000Z` : from)));
  if (to) {
    const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000) : new Date(Date.parse(to) + 1);
    parts.push(lt(column, end));
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

function like(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A challenge's status as Quick Search's filters name it. */
const SEARCH_CHALLENGE_STATUS = { upcoming: 'Upcoming', active: 'Active', completed: 'Completed' } as const;

const NOTES: Partial<Record<SearchCategory, string>> = {
  bets: 'The server keeps no bets: the games run in the browser.',
};

export async function search(db: Database, params: SearchParams, now: Date): Promise<SearchResponse> {
  const { category, q, limit } = params;
  const statuses = statusesOf(category, params.status);
  if (params.partner && category !== 'affiliates') throw badFilter('The partner filter is for affiliates only.');
  if (params.rewardCategory && category !== 'store_items') throw badFilter('The reward category filter is for store items only.');
  let results: SearchResult[] = [];

  switch (category) {
    case 'bets':
      return { category, results: [], note: NOTES[category]! };

    case 'users': {
      const status = statusSql(now);
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email, uid: users.uid, createdAt: users.createdAt, status })
        .from(users)
        .where(
          and(
            q ? or(ilike(users.username, like(q)), ilike(users.email, like(q)), ilike(users.uid, like(q))) : undefined,
            statuses ? inArray(status, statuses) : undefined,
            dateRange(users.createdAt, params.from, params.to),
          ),
        )
        .orderBy(desc(users.createdAt))
        .limit(limit);
      results = rows.map(presentUserResult);
      break;
    }

    case 'affiliates': {
      if (params.partner && !(PARTNER_NAMES as readonly string[]).includes(params.partner)) {
        throw badFilter(`Unknown partner '${params.partner}'. Use: ${PARTNER_NAMES.join(', ')}`);
      }
      const rows = await db
        .select()
        .from(affiliates)
        .where(
          and(
            q ? or(ilike(affiliates.name, like(q)), ilike(affiliates.email, like(q))) : undefined,
            statuses ? inArray(affiliates.status, statuses) : undefined,
            params.partner ? eq(affiliates.partner, params.partner) : undefined,
            dateRange(affiliates.joinDate, params.from, params.to),
          ),
        )
        .orderBy(desc(affiliates.joinDate))
        .limit(limit);
      results = rows.map(presentAffiliateResult);
      break;
    }

    case 'raffles': {
      // Status depends on the clock and the draw, so it is filtered after reading (bounded scan).
      const rows = await db
        .select()
        .from(raffles)
        .where(and(q ? or(ilike(raffles.title, like(q)), ilike(raffles.prize, like(q))) : undefined, dateRange(raffles.startDate, params.from, params.to)))
        .orderBy(desc(raffles.startDate))
        .limit(1000);
      results = rows
        .map((r) => ({ row: r, status: raffleStatus(r, now) }))
        .filter((r) => !statuses || statuses.includes(r.status))
        .slice(0, limit)
        .map(({ row, status }) => presentRaffleResult(row, status));
      break;
    }

    case 'challenges': {
      // Status depends on the clock (start, end) and the winners, so it is filtered after reading (bounded scan).
      const rows = await db
        .select()
        .from(challenges)
        .where(
          and(q ? or(ilike(challenges.title, like(q)), ilike(challenges.game, like(q))) : undefined, dateRange(challenges.startsAt, params.from, params.to)),
        )
        .orderBy(desc(challenges.startsAt))
        .limit(1000);
      results = rows
        .map((r) => ({ row: r, status: SEARCH_CHALLENGE_STATUS[challengeStatus(r, now)] }))
        .filter((r) => !statuses || statuses.includes(r.status))
        .slice(0, limit)
        .map(({ row, status }) => presentChallengeResult(row, status));
      break;
    }

    case 'store_items': {
      if (params.rewardCategory && !(REWARD_CATEGORIES as readonly string[]).includes(params.rewardCategory)) {
        throw badFilter(`Unknown reward category '${params.rewardCategory}'. Use: ${REWARD_CATEGORIES.join(', ')}`);
      }
      const filters: SQL[] = [];
      for (const s of statuses ?? []) {
        if (s === 'active') filters.push(eq(rewards.active, true));
        if (s === 'inactive') filters.push(eq(rewards.active, false));
        if (s === 'featured') filters.push(eq(rewards.featured, true));
        if (s === 'in_stock') filters.push(or(sql`${rewards.stock} is null`, sql`${rewards.stock} > 0`)!);
        if (s === 'sold_out') filters.push(and(isNotNull(rewards.stock), eq(rewards.stock, 0))!);
      }
      const rows = await db
        .select()
        .from(rewards)
        .where(
          and(
            q ? or(ilike(rewards.name, like(q)), ilike(rewards.description, like(q))) : undefined,
            params.rewardCategory ? eq(rewards.category, params.rewardCategory) : undefined,
            filters.length > 0 ? and(...filters) : undefined,
            dateRange(rewards.createdAt, params.from, params.to),
          ),
        )
        .orderBy(desc(rewards.createdAt))
        .limit(limit);
      results = rows.map(presentRewardResult);
      break;
    }

    case 'orders': {
      const rows = await db
        .select({ order: orders, username: users.username })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            q ? or(ilike(orders.rewardName, like(q)), ilike(users.username, like(q))) : undefined,
            statuses ? inArray(orders.status, statuses) : undefined,
            dateRange(orders.createdAt, params.from, params.to),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(limit);
      results = rows.map((r) => presentOrderResult(r.order, r.username));
      break;
    }

    case 'redeems': {
      // Redeems are the ledger's spends (negative rows), optionally by reason.
      const rows = await db
        .select({ entry: ledgerEntries, username: users.username })
        .from(ledgerEntries)
        .innerJoin(users, eq(users.id, ledgerEntries.userId))
        .where(
          and(
            lt(ledgerEntries.amount, 0),
            q ? or(ilike(ledgerEntries.note, like(q)), ilike(users.username, like(q))) : undefined,
            statuses ? inArray(ledgerEntries.reason, statuses) : undefined,
            dateRange(ledgerEntries.createdAt, params.from, params.to),
          ),
        )
        .orderBy(desc(ledgerEntries.seq))
        .limit(limit);
      results = rows.map((r) => presentRedeemResult(r.entry, r.username));
      break;
    }
  }
  return { category, results, note: null };
}
