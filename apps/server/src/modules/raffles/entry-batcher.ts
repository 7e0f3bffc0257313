import type { Database } from '../../db/client.ts';
import { announceRaffleEntries } from './announce-entries.ts';
import { enterRafflesInOneStatement, type OneStatementEntry } from './enter-one-statement.ts';

type Send = (db: Database, inputs: readonly OneStatementEntry[]) => Promise<(string | null)[]>;
type Announce = (raffleIds: readonly string[]) => Promise<void>;

type Waiting = {
  input: OneStatementEntry;
  resolve: (json: string | null) => void;
  reject: (error: unknown) => void;
};

/**
 * Sends the common-case raffle entries (enterRafflesInOneStatement) in batches, as a database's group
 * commit does: while `maxInFlight` statements run, the entries that arrive wait, and the next
 * statement takes all of them (up to `maxBatch`). Under a burst, one statement, one round trip and
 * one commit serve many requests, which is where the time of an entry went (the raffle entry
 * benchmark, docs/performance.md). Each request still gets its own answer, or null for the general
 * path, exactly as if it had gone alone.
 *
 * An entry that finds a statement free still waits one turn of the event loop (setImmediate), in
 * which the requests already read join it; one entry on a quiet server goes alone after that turn.
 * On PGlite a statement settles without a turn, so without that wait a queue never formed there:
 * each entry was its own statement and commit. The stream webhook's deliveryRecorder does the same.
 *
 * A user is in at most one statement at a time: a second entry of a user who is in a running or in
 * the forming batch waits for the next one. So two statements never wait on each other's users'
 * rows, and one statement never names a user twice.
 *
 * The raffles' new entry counts go to their live topics once per batch, after its statement (the
 * statement itself sends no NOTIFY): at most one announcement runs at a time, and the raffles
 * entered meanwhile are announced together by the next, so a burst costs a few statements, not one
 * per entry. An announcement that fails is lost (pages still poll); the entries are not affected.
 */
export class EntryBatcher {
  readonly #db: Database;
  readonly #maxInFlight: number;
  readonly #maxBatch: number;
  #waiting: Waiting[] = [];
  #inFlight = 0;
  #isGathering = false;
  readonly #busyUsers = new Set<string>();
  readonly #send: Send;
  readonly #announce: Announce;
  readonly #toAnnounce = new Set<string>();
  #announcing: Promise<void> | null = null;

  /** `send` is the statement (tests pass one that also records each batch); `announce` tells the raffles' topics. */
  constructor(db: Database, options: { maxInFlight?: number; maxBatch?: number; send?: Send; announce?: Announce } = {}) {
    this.#db = db;
    this.#maxInFlight = options.maxInFlight ?? 2;
    this.#maxBatch = options.maxBatch ?? 64;
    this.#send = options.send ?? enterRafflesInOneStatement;
    this.#announce = options.announce ?? ((ids) => announceRaffleEntries(db, ids));
  }

  /** The announcement running now, if any (tests and a closing server wait for it). */
  get announcing(): Promise<void> | null {
    return this.#announcing;
  }

  /** The entry's stored answer as JSON text, or null: not the common case, nothing changed. */
  enter(input: OneStatementEntry): Promise<string | null> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      this.#gather();
    });
  }

  /** Starts the next batch after one turn of the event loop, when a statement is free (one such turn at a time). */
  #gather(): void {
    if (this.#isGathering || this.#inFlight >= this.#maxInFlight) return;
    this.#isGathering = true;
    setImmediate(() => {
      this.#isGathering = false;
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.#maxInFlight) {
      const batch = this.#take();
      if (batch.length === 0) return;
      this.#inFlight += 1;
      void this.#run(batch).finally(() => {
        this.#inFlight -= 1;
        for (const w of batch) this.#busyUsers.delete(w.input.userId);
        this.#pump();
      });
    }
  }

  /** The waiting entries, oldest first, of users not already in a statement; the rest keep waiting. */
  #take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    let i = 0;
    for (; i < this.#waiting.length && batch.length < this.#maxBatch; i += 1) {
      const w = this.#waiting[i]!;
      if (this.#busyUsers.has(w.input.userId)) {
        rest.push(w);
      } else {
        this.#busyUsers.add(w.input.userId);
        batch.push(w);
      }
    }
    this.#waiting = i === this.#waiting.length ? rest : rest.concat(this.#waiting.slice(i));
    return batch;
  }

  async #run(batch: Waiting[]): Promise<void> {
    try {
      const answers = await this.#send(
        this.#db,
        batch.map((w) => w.input),
      );
      batch.forEach((w, i) => w.resolve(answers[i] ?? null));
      batch.forEach((w, i) => {
        if (answers[i]) this.#toAnnounce.add(w.input.raffleId);
      });
      this.#startAnnouncing();
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  #startAnnouncing(): void {
    if (this.#announcing || this.#toAnnounce.size === 0) return;
    const ids = [...this.#toAnnounce];
    this.#toAnnounce.clear();
    this.#announcing = this.#announce(ids)
      .catch(() => {})
      .finally(() => {
        this.#announcing = null;
        this.#startAnnouncing();
      });
  }
}
