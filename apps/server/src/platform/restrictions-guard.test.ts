import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RestrictedFeature } from '@app/shared/api/admin-users';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/factories.ts';
import type { RouteRestriction } from './restrictions-guard.ts';

/**
 * Every route that spends a member's points (or places a Points Store order for them) names its
 * restriction in its options (`config: { requireUnrestricted }`). The lists below are the
 * classification of every member write; the tests fail when a route is missing from them, when a
 * spending route does not declare its feature, or when a new caller of the ledger's debit appears
 * (then say here which routes reach it). Admin routes act on other people's balances, and no
 * restriction of the admin's own applies to them; route-guards.test.ts checks they are admin-only.
 */
const SPENDING_ROUTES: Record<string, RestrictedFeature> = {
  'POST /api/store/rewards/:id/redeem': 'points_store',
  'POST /api/raffles/:id/enter': 'raffle',
  // A store item claimed as a Level Up Reward is a Points Store order (a points reward is a credit).
  'POST /api/levelup-rewards/:level/claim': 'points_store',
  // Guess the Balance: the entry cost, when the hunt sets one; a Chat or Raffle ban refuses it.
  'PUT /api/bonus-hunts/:id/guess': 'guess_the_balance',
  // A bonus's × guess is free, but it is Guess the Balance's chat game: the same bans refuse it.
  'PUT /api/bonus-hunts/:id/bonuses/:bonusId/guess': 'guess_the_balance',
  // Not a spend, but a prize challenge: a Raffle ban (like a timeout or a ban) refuses a claim of the hill.
  'POST /api/king-of-the-hill/claims': 'raffle',
  // Likewise a challenge claim (it can win a points prize).
  'POST /api/challenges/:id/claims': 'raffle',
  // Not a spend, but a prize game: the "Deal or No Deal" feature ban (like a timeout or a ban) refuses joining.
  'POST /api/dealornodeal/rounds/:id/join': 'dealornodeal',
  // A contestant restricted mid-round moves no more: the round ends there with no prize.
  'POST /api/dealornodeal/rounds/:id/move': 'dealornodeal',
  // A prediction's stake: a spend on a prize game, refused by the bans that refuse raffles.
  'POST /api/predictions/:id/stakes': 'raffle',
};

/** The other member writes: none of them spends points. */
const NON_SPENDING_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/resend-verification',
  'POST /api/auth/verify-email',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/mfa',
  'POST /api/auth/mfa/enroll',
  'POST /api/auth/mfa/enroll/confirm',
  'POST /api/auth/mfa/verify',
  'POST /api/auth/mfa/disable',
  'DELETE /api/auth/sessions/:id',
  'DELETE /api/auth/sessions',
  'PATCH /api/profile/complete',
  'POST /api/casino-accounts',
  'PUT /api/leaderboard/visibility',
  'POST /api/integrations/kick/webhook',
  'POST /api/integrations/twitch/eventsub',
  // Linking a chat account (Kick or Twitch) credits the holding balance; it spends nothing.
  'POST /api/profile/kick-link/confirm',
  'POST /api/profile/kick-link/decline',
  'DELETE /api/profile/kick-link',
  'POST /api/profile/chat-links/:platform/confirm',
  'POST /api/profile/chat-links/:platform/decline',
  'DELETE /api/profile/chat-links/:platform',
  // The Random Slot Picker is free.
  'POST /api/slots/pick',
  'POST /api/how-to/steps/:step',
  'POST /api/notifications/read',
  'PUT /api/notifications/preferences',
  'POST /api/notifications/unsubscribe',
  'POST /api/events/ticket',
  // An API token's points adjustment: not a member's own spend (it acts for the admin who made the token).
  'POST /api/v1/viewers/:platform/:platformUserId/points',
];

/**
 * The server files that take points through the ledger (`debit`, or the set-based `setDebitCtes`),
 * each with the routes that reach it. A new file here means a new way to spend: classify its routes.
 */
const DEBIT_CALLERS: Record<string, string[]> = {
  'modules/store/store-service.ts': ['POST /api/store/rewards/:id/redeem'],
  'modules/raffles/enter-raffle.ts': ['POST /api/raffles/:id/enter'],
  // The same entry in one statement (the set-based debit).
  'modules/raffles/enter-one-statement.ts': ['POST /api/raffles/:id/enter'],
  // The admin's revoke: an admin route.
  'modules/points/points-service.ts': ['POST /api/admin/users/:id/points'],
  // A wager correction takes back points credited for wagers: admin imports and decisions and the
  // sync job, never a member's own call.
  'modules/wagers/crediting.ts': [],
  // The sample catalogue's entries, written at start.
  'modules/catalogue/seed-catalogue.ts': [],
  'modules/bonus-hunts/guess-balance.ts': ['PUT /api/bonus-hunts/:id/guess'],
  // An API token's debit (POST /api/v1/viewers/:platform/:platformUserId/points, an admin's tool, no member route).
  'modules/developers/adjust-viewer-points.ts': [],
  // Paying out a holding balance takes back what API debits took from it (linking, verifying).
  'modules/chat/crediting.ts': [],
  // A prediction's stake; `!bet` in chat reaches it too (the chat event's transaction, no route).
  'modules/predictions/stake.ts': ['POST /api/predictions/:id/stakes'],
};

const key = (r: Pick<RouteRestriction, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** What is wrong with a route table against the lists above; empty when every spending route declares its restriction. */
function restrictionProblems(
  table: readonly RouteRestriction[],
  spending: Record<string, RestrictedFeature> = SPENDING_ROUTES,
  nonSpending: readonly string[] = NON_SPENDING_ROUTES,
): string[] {
  const problems: string[] = [];
  const memberWrites = table.filter((r) => r.method !== 'GET' && !r.url.startsWith('/api/admin/'));
  for (const route of memberWrites) {
    const k = key(route);
    const expected = spending[k];
    if (expected === undefined && !nonSpending.includes(k)) {
      problems.push(`${k}: not classified (add it to SPENDING_ROUTES with its requireUnrestricted, or to NON_SPENDING_ROUTES)`);
    } else if (expected !== undefined && route.requireUnrestricted !== expected) {
      problems.push(`${k}: spends points but declares requireUnrestricted ${route.requireUnrestricted ?? 'none'} (expected ${expected})`);
    }
  }
  for (const route of table) {
    if (route.requireUnrestricted && spending[key(route)] === undefined) {
      problems.push(`${key(route)}: declares requireUnrestricted but is not in SPENDING_ROUTES`);
    }
  }
  for (const k of Object.keys(spending)) {
    if (!table.some((r) => key(r) === k)) problems.push(`${k}: in SPENDING_ROUTES but not in the route table`);
  }
  return problems;
}

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe(`every spending route declares its restriction (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ SEED_CATALOGUE: 'false' });

  it('walks the route table: every member write is classified, and every spending route names its feature', () => {
    expect(t.app.routeRestrictions.length).toBeGreaterThan(40);
    expect(restrictionProblems(t.app.routeRestrictions)).toEqual([]);
  });

  it('fails for a spending route without its declaration, an unclassified route, or a stray declaration', () => {
    const table: RouteRestriction[] = [
      { method: 'POST', url: '/api/store/rewards/:id/redeem', requireUnrestricted: null },
      { method: 'POST', url: '/api/raffles/:id/enter', requireUnrestricted: 'points_store' },
      { method: 'POST', url: '/api/new-spend', requireUnrestricted: null },
      { method: 'POST', url: '/api/auth/login', requireUnrestricted: 'raffle' },
    ];
    expect(restrictionProblems(table)).toEqual([
      'POST /api/store/rewards/:id/redeem: spends points but declares requireUnrestricted none (expected points_store)',
      'POST /api/raffles/:id/enter: spends points but declares requireUnrestricted points_store (expected raffle)',
      'POST /api/new-spend: not classified (add it to SPENDING_ROUTES with its requireUnrestricted, or to NON_SPENDING_ROUTES)',
      'POST /api/auth/login: declares requireUnrestricted but is not in SPENDING_ROUTES',
      // The rest of the list, missing from this table.
      ...Object.keys(SPENDING_ROUTES)
        .filter((k) => !table.some((r) => key(r) === k))
        .map((k) => `${k}: in SPENDING_ROUTES but not in the route table`),
    ]);
    expect(restrictionProblems(table).filter((p) => p.endsWith('not in the route table'))).toHaveLength(Object.keys(SPENDING_ROUTES).length - 2);
  });

  it('knows every caller of the ledger debit, and the routes that reach it are classified', () => {
    const callers = sourceFiles(serverSrc)
      .filter((file) => !file.endsWith(path.join('platform', 'ledger.ts')))
      .filter((file) => /import \{[^}]*\b(debit|debitUpTo|setDebitCtes)\b[^}]*\} from '[^']*\/ledger\.ts'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(serverSrc, file).split(path.sep).join('/'))
      .sort();
    expect(callers).toEqual(Object.keys(DEBIT_CALLERS).sort());
    const table = new Set(t.app.routeRestrictions.map(key));
    for (const route of Object.values(DEBIT_CALLERS).flat()) {
      expect(table.has(route), route).toBe(true);
      expect(route.startsWith('POST /api/admin/') || route in SPENDING_ROUTES, route).toBe(true);
    }
  });
});
