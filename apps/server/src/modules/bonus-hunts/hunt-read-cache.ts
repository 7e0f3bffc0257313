/**
 * The public hunt read, kept as JSON text for up to a second per hunt in each process. A live hunt
 * page polls, and a stream's viewers poll the same hunt together: one database read and one
 * serialisation a second serve them all (docs/decisions.md). A write through this process drops
 * the hunt's entry at once; another server's write shows within the second. Nothing here is a
 * source of truth: losing it costs one read.
 */

const TTL_MS = 1_000;
const MAX_HUNTS = 200;

type Entry = { at: number; json: Promise<string> };

export class HuntReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => Date) {}

  /** The hunt's JSON, read by `load` when there is none younger than a second (one read at a time). */
  get(id: string, load: () => Promise<unknown>): Promise<string> {
    const now = this.now().getTime();
    const hit = this.entries.get(id);
    if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.json;
    if (this.entries.size >= MAX_HUNTS) this.entries.clear();
    const json = load().then((value) => JSON.stringify(value));
    const entry = { at: now, json };
    this.entries.set(id, entry);
    json.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    return json;
  }

  /** After a write to the hunt (its bonuses, status or guesses). */
  drop(id: string): void {
    this.entries.delete(id);
  }
}
