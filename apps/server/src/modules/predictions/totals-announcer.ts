import type { Database } from '../../db/client.ts';
import { announcePrediction } from './prediction-reads.ts';

/** The live totals go out at most this often (per server): a burst of stakes is one refetch a half second. */
const TOTALS_EVERY_MS = 500;

/**
 * The `predictions` topic's totals after stakes, at most twice a second: the first stake after a
 * quiet spell is announced at once, the ones within the next half second together at its end. Pacing
 * only (a timer, not the app's clock): the event carries no figures, pages refetch. Outside the
 * stakes' transactions, so a lost announcement costs one refresh that the page's poll makes up.
 */
export class TotalsAnnouncer {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private lastAt = 0;
  private isClosed = false;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  touch(predictionId: string): void {
    if (this.isClosed) return;
    this.pending.add(predictionId);
    if (this.timer) return;
    const wait = Math.max(0, this.lastAt + TOTALS_EVERY_MS - performance.now());
    this.timer = setTimeout(() => void this.flush(), wait);
    this.timer.unref();
  }

  close(): void {
    this.isClosed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async flush(): Promise<void> {
    this.timer = null;
    this.lastAt = performance.now();
    const ids = [...this.pending];
    this.pending.clear();
    for (const id of ids) await announcePrediction(this.db, id, 'open').catch(this.onError);
  }
}
