import { Fragment, useState } from 'react';
import { countdownParts, remainingSeconds } from '@app/shared/domain/public-leaderboard';
import { readNow, useNow } from '@/lib/use-now';

/**
 * Seconds left, ticking down once a second until zero (spec 2 §4), then the timer stops. The value is
 * derived from the clock rather than counted, so it stays right when a background tab throttles timers.
 */
function useCountdown(startSeconds: number): number {
  const [startedAt] = useState(readNow);
  const start = Math.max(0, Math.floor(startSeconds));
  const remainingAt = (now: number) => remainingSeconds(start, startedAt, now);
  return remainingAt(useNow({ isDone: (now) => remainingAt(now) <= 0 }));
}

const UNITS = [
  ['days', 'd'],
  ['hours', 'h'],
  ['minutes', 'm'],
  ['seconds', 's'],
] as const;

type CountdownProps = { startSeconds: number; label?: string };

/**
 * The race countdown in large blocks whose text reads '5d 14h 32m 18s'. role="timer" is not announced
 * on every tick (its implicit aria-live is off), so screen readers are not flooded.
 */
export function Countdown({ startSeconds, label = 'Time remaining' }: CountdownProps) {
  return <CountdownBlocks remaining={useCountdown(startSeconds)} label={label} />;
}

/** Seconds until `endsAt` (ms epoch), ticking once a second, never below zero. */
function useSecondsUntil(endsAt: number): number {
  const remainingAt = (now: number) => Math.max(0, Math.floor((endsAt - now) / 1000));
  return remainingAt(useNow({ isDone: (now) => remainingAt(now) <= 0 }));
}

/** The countdown to a real end (a race's endDate from the server). */
export function CountdownTo({ endsAt, label = 'Time remaining' }: { endsAt: number; label?: string }) {
  return <CountdownBlocks remaining={useSecondsUntil(endsAt)} label={label} />;
}

function CountdownBlocks({ remaining, label }: { remaining: number; label: string }) {
  const parts = countdownParts(remaining);
  return (
    <div role="timer" aria-label={label} className="flex flex-wrap justify-center gap-2 sm:gap-3">
      {UNITS.map(([key, suffix], i) => (
        <Fragment key={key}>
          {i > 0 ? ' ' : null}
          <span className="flex min-w-16 items-baseline justify-center rounded-lg border bg-card px-3 py-2 text-2xl font-extrabold tabular-nums shadow-sm sm:text-3xl">
            {parts[key]}
            <span className="text-base font-semibold text-muted-foreground">{suffix}</span>
          </span>
        </Fragment>
      ))}
    </div>
  );
}
