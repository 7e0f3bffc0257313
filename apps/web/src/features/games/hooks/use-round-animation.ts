import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '@/lib/use-reduced-motion';

type RoundAnimation = {
  /**
   * Settles the round (records the bet, shows the result); runs exactly once. `isAnimated` is true when the
   * frames ran to the end, false when they did not run (reduced motion), were cut short or the screen was left.
   */
  finish: (isAnimated: boolean) => void;
  /** Runs only when the round is animated, just before its first frame is asked for. */
  beforeFrames?: () => void;
  /** Called every frame with the ms since the round's start; returns true when its animation is over. */
  onFrame: (elapsed: number) => boolean;
};

/** Ends a round now (Crash's Cash Out); nothing once it has ended. */
export type EndRound = () => void;

type Playing = { start: number; onFrame: (elapsed: number) => boolean; settle: (isAnimated: boolean) => void };

/**
 * The animated rounds of the games (Limbo's climb, Keno's draw, the roulette spin, the crash curve, the goose
 * hunt, Plinko's balls): `play` runs a round's frames until `onFrame` says it is over, then `finish`. Rounds
 * that overlap (Plinko's balls) share one frame loop; `afterFrame` runs once a frame after all of them (to draw
 * them together). With reduced motion `finish` runs at once; leaving the screen stops the frames and still
 * settles every round that was played, in the order they started.
 */
export function useRoundAnimation(afterFrame?: () => void): (round: RoundAnimation) => EndRound {
  const playingRef = useRef<Playing[]>([]);
  const frameRef = useRef<number | null>(null);
  const afterFrameRef = useRef(afterFrame);
  afterFrameRef.current = afterFrame;

  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
      frameRef.current = null;
      for (const round of playingRef.current) round.settle(false);
    },
    [],
  );

  function step(now: number) {
    frameRef.current = null;
    for (const round of playingRef.current) {
      // A round that an earlier one's finish ended is not asked again.
      if (playingRef.current.includes(round) && round.onFrame(now - round.start)) round.settle(true);
    }
    afterFrameRef.current?.();
    if (playingRef.current.length > 0 && frameRef.current === null) frameRef.current = requestAnimationFrame(step);
  }

  return ({ finish, beforeFrames, onFrame }) => {
    let isFinished = false;
    const round: Playing = {
      start: 0,
      onFrame,
      settle: (isAnimated) => {
        if (isFinished) return;
        isFinished = true;
        playingRef.current = playingRef.current.filter((r) => r !== round);
        if (playingRef.current.length === 0 && frameRef.current !== null) {
          cancelAnimationFrame(frameRef.current);
          frameRef.current = null;
        }
        finish(isAnimated);
      },
    };
    const end = () => round.settle(false);

    if (prefersReducedMotion()) {
      end();
      return end;
    }
    beforeFrames?.();
    round.start = performance.now();
    playingRef.current = [...playingRef.current, round];
    if (frameRef.current === null) frameRef.current = requestAnimationFrame(step);
    return end;
  };
}
