import type { Giveaway } from '@app/shared/api/giveaways';
import { useNow } from '@/lib/use-now';
import { useOverlayPage } from '@/lib/use-overlay-page';
import { useOverlayGiveaways } from './api/get-overlay-giveaways';

/** "4:05" or "1:02:03" until `at`; "0:00" once passed. */
export function timeLeft(at: string, now: number): string {
  const total = Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The giveaway the overlay shows: the open one, else the newest (its draw or its winners). */
export function overlayGiveawayOf(giveaways: readonly Giveaway[]): Giveaway | null {
  return giveaways.find((g) => g.status === 'Open') ?? giveaways[0] ?? null;
}

/**
 * The giveaway overlay (/overlay/giveaway): the open giveaway's keyword, live entry count and time
 * left; then, once drawn, its winners (masked as on the public page).
 */
export default function GiveawayOverlayPage() {
  useOverlayPage();
  const query = useOverlayGiveaways();
  const giveaway = query.data ? overlayGiveawayOf(query.data) : null;
  return (
    <div className="p-[1rem]">
      <section aria-labelledby="giveaway-overlay-title" className="flex max-w-2xl flex-col gap-2 rounded-xl bg-background/85 p-4 text-foreground">
        <h1 id="giveaway-overlay-title" className="text-2xl font-bold">
          {giveaway ? `Giveaway: ${giveaway.prize}` : 'Giveaway'}
        </h1>
        {!query.data ? (
          <p role="status">{query.isError ? 'The giveaway could not be loaded.' : 'Loading…'}</p>
        ) : giveaway ? (
          <GiveawayState giveaway={giveaway} />
        ) : (
          <p role="status">No giveaway yet.</p>
        )}
      </section>
    </div>
  );
}

function GiveawayState({ giveaway }: { giveaway: Giveaway }) {
  const isOpen = giveaway.status === 'Open';
  const closes = Date.parse(giveaway.closesAt);
  const now = useNow({ isDone: (t) => !isOpen || t >= closes });
  const entries = `${giveaway.entries.toLocaleString('en-US')} ${giveaway.entries === 1 ? 'entry' : 'entries'}`;
  if (isOpen) {
    return (
      <>
        <p className="text-xl">
          Type <span className="rounded bg-muted px-2 font-mono font-bold">{giveaway.keyword}</span> in chat to enter
        </p>
        <p className="flex flex-wrap gap-x-6 text-xl font-semibold tabular-nums">
          <span aria-live="polite">{entries}</span>
          <span>{timeLeft(giveaway.closesAt, now)} left</span>
        </p>
      </>
    );
  }
  const winners = giveaway.winnerList.filter((w) => w.status !== 'replaced').sort((a, b) => a.position - b.position);
  if (giveaway.status === 'Closed' || winners.length === 0) {
    return (
      <p className="text-xl" role="status">
        Entries closed · {entries} · drawing soon
      </p>
    );
  }
  return (
    <>
      <p className="text-xl">
        {winners.length === 1 ? 'Winner' : 'Winners'} · {entries}
      </p>
      <ol className="grid gap-1 text-xl font-semibold" aria-label="Winners">
        {winners.map((w) => (
          <li key={w.id}>
            {w.position}. {w.username}
          </li>
        ))}
      </ol>
    </>
  );
}
