import type { WagerCategory } from '@app/shared/api/wagers';
import { sql } from 'drizzle-orm';
import { wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { creditChangedUsernames } from './crediting.ts';
import { announceWagersMoved } from './wagers-moved.ts';

/** One stored value: a casino's cumulative wager of a username on a UTC day in a category. */
export type WagerInput = {
  partner: string;
  username: string;
  /** 'YYYY-MM-DD' (UTC) */
  day: string;
  category: WagerCategory;
  cents: number;
};

type StoreOutcome = { inserted: number; updated: number; unchanged: number; pointsCredited: number };

const BATCH = 5000;

/**
 * Stores wagers (the same key replaces the value: casino exports are cumulative per day), then
 * credits the verified accounts whose values changed, all in the caller's transaction. Rows are
 * written in key order, accounts and users locked in id order, so two concurrent imports lock in
 * the same order and never deadlock. Storing the same values again changes nothing.
 */
export async function storeWagers(tx: Tx, input: WagerInput[], source: string, at: Date): Promise<StoreOutcome> {
  const rows = input
    .map((w) => {
      const usernameKey = w.username.toLowerCase();
      return { ...w, usernameKey, key: `${w.partner}\u0000${usernameKey}\u0000${w.day}\u0000${w.category}` };
    })
    // Plain code-unit order (any fixed order keeps two writers' row locks in step; localeCompare
    // costs a second on 100,000 rows).
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // The statements below are large but simple (index lookups, one hash aggregate): compiling them
  // with JIT costs more than it saves (0.3 s a statement in a profile).
  await tx.execute(sql`set local jit = off`);
  let inserted = 0;
  let updated = 0;
  const changed = new Map<string, Set<string>>(); // partner → username keys whose values changed
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    // One JSON parameter a batch (json_to_recordset): thousands of bound parameters cost far more
    // to build and plan than one document to parse.
    const payload = JSON.stringify(
      batch.map((w) => ({ partner: w.partner, username_key: w.usernameKey, day: w.day, category: w.category, username: w.username, cents: w.cents })),
    );
    const result = await tx.execute(sql`
      insert into ${wagers} (partner, username_key, day, category, username, cents, source, updated_at)
      select r.partner, r.username_key, r.day, r.category, r.username, r.cents, ${source}, ${at.toISOString()}::timestamptz
      from json_to_recordset(${payload}::json) as r(partner text, username_key text, day date, category text, username text, cents bigint)
      on conflict (partner, username_key, day, category) do update
        set cents = excluded.cents, username = excluded.username, source = excluded.source, updated_at = excluded.updated_at
        where ${wagers.cents} <> excluded.cents
      returning partner, username_key, (xmax = 0) as is_insert`);
    // xmax = 0 on a freshly inserted row version; an update leaves the old version's xid there.
    const written = (result as unknown as { rows: { partner: string; username_key: string; is_insert: boolean }[] }).rows.map((r) => ({
      partner: r.partner,
      usernameKey: r.username_key,
      isInsert: r.is_insert,
    }));
    for (const w of written) {
      if (w.isInsert) inserted += 1;
      else updated += 1;
      let keys = changed.get(w.partner);
      if (!keys) changed.set(w.partner, (keys = new Set()));
      keys.add(w.usernameKey);
    }
  }
  const pointsCredited = await creditChangedUsernames(tx, changed, at);
  // The running races at these partners move with the new values (their kept standings).
  await announceWagersMoved(tx, [...changed.keys()], at);
  return { inserted, updated, unchanged: rows.length - inserted - updated, pointsCredited };
}
