import { useEffect, useRef, useState } from 'react';

/** What one round of a run answers: true stops the run after it (Dice's stop on profit or loss). */
type PlayRound = () => boolean | void | Promise<boolean | void>;

export type AutoBet = {
  /** The "Number of ..." field's text; 0 runs until stopped. */
  countText: string;
  setCountText: (text: string) => void;
  /** The count as a whole number of 0 or more, or null when the field does not hold one. */
  count: number | null;
  /** Rounds still to play while a counted run is on; null otherwise. */
  left: number | null;
  isRunning: boolean;
  /** Plays `total` rounds (0: until stopped), `delayMs` apart so that each result can be seen. */
  run: (total: number, playRound: PlayRound) => Promise<void>;
  stop: () => void;
};

/** The pause between the rounds of an auto run that fills a board (Mines, Duck Duck Goose, Roulette), so each result can be seen. */
export const AUTO_ROUND_DELAY_MS = 700;

/** A whole number of rounds of 0 or more, or null. */
function parseRunCount(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : null;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The auto-bet loop of the games (Dice, Mines, Plinko, Roulette, Duck Duck Goose): Start plays rounds until the
 * count is reached, a round asks to stop, Stop is pressed or the screen is left; the settings of the run are the
 * caller's, frozen when it starts.
 */
export function useAutoBet(delayMs: number): AutoBet {
  const [countText, setCountText] = useState('10');
  const [left, setLeft] = useState<number | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const runRef = useRef<{ isStopped: boolean } | null>(null);

  useEffect(
    () => () => {
      if (runRef.current) runRef.current.isStopped = true;
    },
    [],
  );

  async function run(total: number, playRound: PlayRound) {
    const current = { isStopped: false };
    runRef.current = current;
    setIsRunning(true);
    let played = 0;
    while (!current.isStopped && (total === 0 || played < total)) {
      // A round that finishes at once is not awaited: the next one is then only ever a timer away.
      let shouldStop = playRound();
      if (shouldStop instanceof Promise) shouldStop = await shouldStop;
      played += 1;
      setLeft(total === 0 ? null : total - played);
      if (shouldStop === true || current.isStopped || (total !== 0 && played >= total)) break;
      await wait(delayMs);
    }
    if (runRef.current === current) runRef.current = null;
    setLeft(null);
    setIsRunning(false);
  }

  function stop() {
    if (runRef.current) runRef.current.isStopped = true;
  }

  return { countText, setCountText, count: parseRunCount(countText), left, isRunning, run, stop };
}
