import type { WagerCategory } from '@app/shared/api/wagers';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { casinoAccounts, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { creditAccounts } from './crediting.ts';

/** One stored value: a casino's cumulative wager of a username on a UTC day in a category. */
export type WagerInput = {
  partner: string;
  username: string;
  /** 'YYYY-MM-DD' (UTC) */
  day: string;
  category: WagerCategory;
  cents: number;
};

export type StoreOutcome = { inserted: number; updated: number; unchanged: number; pointsCredited: number };

// 8 bound parameters a row: well under PostgreSQL's 65,535 per statement.
const BATCH = 2000;

/**
 * Stores wagers (the same key replaces the value: casino exports are cumulative per day), then
 * credits the verified accounts whose values changed, all in the caller's transaction. Rows are
 * written in key order, accounts and users locked in id order, so two concurrent imports lock in
 * the same order and never deadlock. Storing the same values again changes nothing.
 */
export async function storeWagers(tx: Tx, input: WagerInput[], source: string, at: Date): Promise<StoreOutcome> {
  const rows = input
    .map((w) => ({ ...w, usernameKey: w.username.toLowerCase() }))
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  let inserted = 0;
  let updated = 0;
  const changed = new Map<string, Set<string>>(); // partner → username keys whose values changed
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const written = await tx
      .insert(wagers)
      .values(
        batch.map((w) => ({
          partner: w.partner,
          usernameKey: w.usernameKey,
          day: w.day,
          category: w.category,
          username: w.username,
          cents: w.cents,
          source,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [wagers.partner, wagers.usernameKey, wagers.day, wagers.category],
        set: { cents: sql`excluded.cents`, username: sql`excluded.username`, source: sql`excluded.source`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${wagers.cents} <> excluded.cents`,
      })
      // xmax = 0 on a freshly inserted row version; an update leaves the old version's xid there.
      .returning({ partner: wagers.partner, usernameKey: wagers.usernameKey, isInsert: sql<boolean>`(xmax = 0)` });
    for (const w of written) {
      if (w.isInsert) inserted += 1;
      else updated += 1;
      let keys = changed.get(w.partner);
      if (!keys) changed.set(w.partner, (keys = new Set()));
      keys.add(w.usernameKey);
    }
  }
  const pointsCredited = await creditChanged(tx, changed, at);
  return { inserted, updated, unchanged: rows.length - inserted - updated, pointsCredited };
}

function keyOf(w: { partner: string; usernameKey: string; day: string; category: string }): string {
  return `${w.partner}\u0000${w.usernameKey}\u0000${w.day}\u0000${w.category}`;
}

async function creditChanged(tx: Tx, changed: Map<string, Set<string>>, at: Date): Promise<number> {
  const accounts: { id: string; userId: string }[] = [];
  for (const [partner, keySet] of changed) {
    const keys = [...keySet];
    for (let i = 0; i < keys.length; i += BATCH) {
      accounts.push(
        ...(await tx
          .select({ id: casinoAccounts.id, userId: casinoAccounts.userId })
          .from(casinoAccounts)
          .where(
            and(
              eq(casinoAccounts.partner, partner),
              eq(casinoAccounts.state, 'verified'),
              inArray(sql`lower(${casinoAccounts.username})`, keys.slice(i, i + BATCH)),
            ),
          )
          .orderBy(asc(casinoAccounts.userId), asc(casinoAccounts.id))),
      );
    }
  }
  return creditAccounts(
    tx,
    accounts.map((a) => a.id),
    at,
  );
}
