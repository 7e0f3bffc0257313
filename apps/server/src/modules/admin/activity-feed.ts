import type { ActivityType, AuditPage } from '@app/shared/api/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  challengeClaims,
  challenges,
  emailVerificationTokens,
  ledgerEntries,
  levelUps,
  orders,
  raffleEntries,
  raffles,
  streamCredits,
  users,
} from '../../db/schema.ts';
import { PREFIXES_OF_TYPE, presentAudit } from './audit-presenter.ts';

/**
 * The Overview's Latest Activity (spec 2 §2–3): what happened in the community, read from the rows
 * the acts themselves write (users, raffle entries and draws, ledger credits, level-ups, orders),
 * with the admins' acts of the audit log among them. Points credited are grouped per source and
 * hour ("Wager credits: 1,240 points to 12 members"), raffle entries per raffle and hour, the stream's
 * activity blocks per hour (from stream_credits, which also holds the points of viewers who have not
 * linked yet, so they are not counted again among the ledger's credits). The grouped sources look
 * back FEED_DAYS, so a page never scans the whole ledger. An e-mail verification's time is its
 * user's last used verification token (a resend marks the earlier ones used before it; an address
 * verified by a password reset has no such row and is not listed).
 */

const FEED_DAYS = 30;

const CREDIT_TITLES: Record<string, string> = {
  wager_credit: 'Wager credits',
  signup_bonus: 'Signup bonuses',
  raffle_prize: 'Raffle prizes',
  admin_grant: 'Points granted',
  store_refund: 'Store refunds',
  level_reward: 'Level rewards',
  challenge_prize: 'Challenge prizes',
};

type FeedRow = {
  id: string;
  type: ActivityType;
  action: string;
  title: string;
  details: string;
  time: Date | string;
  target_type: string;
  target_id: string | null;
};

/** One source of the feed: its rows as (id, type, action, title, details, time, target_type, target_id). */
function sources(now: Date): { type: ActivityType; query: SQL }[] {
  const since = new Date(now.getTime() - FEED_DAYS * 86_400_000).toISOString();
  return [
    {
      type: 'user',
      query: sql`select 'join:' || u.id::text, 'user', 'user.join', 'New member', u.username || ' joined', u.created_at, 'user', u.id::text
        from ${users} u`,
    },
    {
      type: 'user',
      query: sql`select 'verified:' || u.id::text, 'user', 'user.verified', 'E-mail verified', u.username || ' verified their e-mail',
          t.at, 'user', u.id::text
        from ${users} u
        join (select user_id, max(used_at) as at from ${emailVerificationTokens} where used_at is not null group by user_id) t on t.user_id = u.id
        where u.email_verified`,
    },
    {
      type: 'points',
      query: sql`select 'blocks:' || to_char(date_trunc('hour', c.earned_at), 'YYYYMMDDHH24'), 'points', 'stream.blocks',
          'Stream activity', count(distinct c.earned_at)::text || case when count(distinct c.earned_at) = 1 then ' block: ' else ' blocks: ' end
            || to_char(sum(c.amount), 'FM999,999,999,999') || ' points to ' || count(distinct c.kick_user_id)::text
            || case when count(distinct c.kick_user_id) = 1 then ' viewer' else ' viewers' end,
          max(c.earned_at), 'stream', null
        from ${streamCredits} c
        where c.reason = 'stream_activity' and c.earned_at > ${since}::timestamptz
        group by date_trunc('hour', c.earned_at)`,
    },
    {
      type: 'raffle',
      query: sql`select 'entries:' || e.raffle_id::text || ':' || to_char(date_trunc('hour', e.created_at), 'YYYYMMDDHH24'), 'raffle', 'raffle.entries',
          'Raffle entries', count(*)::text || case when count(*) = 1 then ' entry to ' else ' entries to ' end || min(r.title),
          max(e.created_at), 'raffle', e.raffle_id::text
        from ${raffleEntries} e join ${raffles} r on r.id = e.raffle_id
        where e.created_at > ${since}::timestamptz
        group by e.raffle_id, date_trunc('hour', e.created_at)`,
    },
    {
      type: 'raffle',
      query: sql`select 'drawn:' || r.id::text, 'raffle', 'raffle.drawn', 'Raffle winners drawn',
          r.title || ': ' || coalesce((select string_agg(w.username, ', ' order by w.username) from ${users} w
            where r.winner_uids ? w.uid), 'no entries, no winner'),
          r.drawn_at, 'raffle', r.id::text
        from ${raffles} r where r.drawn_at is not null`,
    },
    {
      type: 'points',
      query: sql`select 'credits:' || l.reason || ':' || to_char(date_trunc('hour', l.created_at), 'YYYYMMDDHH24'), 'points', 'points.credited',
          l.reason, to_char(sum(l.amount), 'FM999,999,999,999') || ' points to ' || count(distinct l.user_id)::text
            || case when count(distinct l.user_id) = 1 then ' member' else ' members' end,
          max(l.created_at), 'ledger', null
        from ${ledgerEntries} l
        where l.amount > 0 and l.created_at > ${since}::timestamptz and l.reason <> 'stream_activity'
        group by l.reason, date_trunc('hour', l.created_at)`,
    },
    {
      type: 'challenge',
      query: sql`select 'challenge_claim:' || k.id::text, 'challenge', 'challenge_claim.submitted', 'Challenge claim',
          u.username || ' claims ' || to_char(k.multiplier, 'FM999,999,990.00') || '× on ' || c.title, k.created_at, 'challenge_claim', k.id::text
        from ${challengeClaims} k join ${challenges} c on c.id = k.challenge_id join ${users} u on u.id = k.user_id
        where k.created_at > ${since}::timestamptz`,
    },
    {
      type: 'challenge',
      query: sql`select 'challenge_completed:' || c.id::text, 'challenge', 'challenge.completed', 'Challenge completed',
          c.title || ': ' || (select count(*) from ${challengeClaims} w where w.challenge_id = c.id and w.won)::text || ' of ' || c.winners::text || ' winners',
          c.completed_at, 'challenge', c.id::text
        from ${challenges} c where c.completed_at is not null`,
    },
    {
      type: 'level',
      query: sql`select 'level:' || v.id::text, 'level', 'level.reached', 'Level reached',
          u.username || ' reached level ' || v.level::text || ' (' || v.level_name || ')', v.created_at, 'user', v.user_id::text
        from ${levelUps} v join ${users} u on u.id = v.user_id`,
    },
    {
      type: 'store',
      query: sql`select 'order:' || o.id::text, 'store', 'order.placed', 'Order placed', u.username || ' ordered ' || o.reward_name,
          o.created_at, 'order', o.id::text
        from ${orders} o join ${users} u on u.id = o.user_id`,
    },
  ];
}

/** GET /api/admin/activity: the feed, newest first, optionally one type. */
export async function listActivity(db: Database, query: { type?: ActivityType; page: number; pageSize: number }, now: Date): Promise<AuditPage> {
  const chosen = sources(now).filter((s) => !query.type || s.type === query.type);
  const prefixes = query.type ? (PREFIXES_OF_TYPE[query.type] ?? []) : null;
  const auditWhere =
    prefixes === null
      ? sql`true`
      : prefixes.length === 0
        ? sql`false`
        : sql`split_part(a.action, '.', 1) in (${sql.join(
            prefixes.map((p) => sql`${p}`),
            sql`, `,
          )})`;
  const auditPart = sql`select 'audit:' || a.id::text, 'audit', a.action, '', '', a.created_at, a.target_type, a.target_id
    from ${auditLog} a where ${auditWhere}`;
  const union = sql.join([...chosen.map((s) => sql`(${s.query})`), sql`(${auditPart})`], sql` union all `);
  const feed = sql`(${union}) as feed(id, type, action, title, details, time, target_type, target_id)`;
  const offset = (query.page - 1) * query.pageSize;
  const [pageResult, totalResult] = await Promise.all([
    db.execute(sql`select * from ${feed} order by time desc, id desc limit ${query.pageSize} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from ${feed}`),
  ]);
  const rows = (pageResult as unknown as { rows: FeedRow[] }).rows;
  const total = Number((totalResult as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);

  // The audit rows are presented as the audit log presents them (actor, title, summary).
  const auditIds = rows.filter((r) => r.type === ('audit' as ActivityType)).map((r) => r.id.slice('audit:'.length));
  const audited = new Map<string, ReturnType<typeof presentAudit>>();
  if (auditIds.length > 0) {
    const found = await db.execute(sql`select a.*, u.username as actor_name from ${auditLog} a left join ${users} u on u.id = a.actor_id
      where a.id in (${sql.join(
        auditIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    for (const r of (found as unknown as { rows: Record<string, unknown>[] }).rows) {
      audited.set(
        String(r.id),
        presentAudit({
          id: String(r.id),
          seq: Number(r.seq),
          actorId: (r.actor_id as string | null) ?? null,
          action: String(r.action),
          targetType: String(r.target_type),
          targetId: (r.target_id as string | null) ?? null,
          changes: (r.changes as Record<string, unknown> | null) ?? null,
          ip: (r.ip as string | null) ?? null,
          userAgent: (r.user_agent as string | null) ?? null,
          createdAt: new Date(r.created_at as string),
          actorName: (r.actor_name as string | null) ?? null,
        }),
      );
    }
  }
  const items = rows.map((r) => {
    if (r.type === ('audit' as ActivityType)) return audited.get(r.id.slice('audit:'.length))!;
    return {
      id: r.id,
      type: r.type,
      title: r.action === 'points.credited' ? (CREDIT_TITLES[r.title] ?? r.title) : r.title,
      details: r.details,
      time: new Date(r.time).toISOString(),
      action: r.action,
      actor: null,
      targetType: r.target_type,
      targetId: r.target_id,
      changes: null,
      ipAddress: null,
      userAgent: null,
    };
  });
  return { items: items.filter(Boolean), page: query.page, pageSize: query.pageSize, total };
}
