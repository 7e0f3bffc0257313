import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '@/lib/use-reduced-motion';

type RoundAnimation = {
  /** Settles the round (records the bet, shows the result); runs exactly once. */
  finish: () => void;
  /** Runs only when the round is animated, just before the first frame is asked for. */
  beforeFrames?: () => void;
  /** Called every frame with the ms since the start; returns true when the animation is over. */
  onFrame: (elapsed: number) => boolean;
};

/**
 * Animated rounds (Limbo's climb, Keno's draw): `play` runs the frames until `onFrame` says the animation is
 * over, then `finish`. With reduced motion `finish` runs at once; leaving the screen mid-animation stops
 * the frames and still settles the round that was played.
 */
export function useRoundAnimation(): (round: RoundAnimation) => void {
  const frameRef = useRef<number | null>(null);
  const finishRef = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
      finishRef.current?.();
    },
    [],
  );

  return ({ finish, beforeFrames, onFrame }) => {
    let isFinished = false;
    const settle = () => {
      if (isFinished) return;
      isFinished = true;
      finishRef.current = null;
      frameRef.current = null;
      finish();
    };
    finishRef.current = settle;

    if (prefersReducedMotion()) {
      settle();
      return;
    }
    beforeFrames?.();
    const start = performance.now();
    const step = (now: number) => {
      if (onFrame(now - start)) {
        settle();
        return;
      }
      frameRef.current = requestAnimationFrame(step);
    };
    frameRef.current = requestAnimationFrame(step);
  };
}
