import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFrames, mockReducedMotion, setUpGameTests } from '../test-utils';
import { useRoundAnimation } from './use-round-animation';

setUpGameTests();

/** A round that is over after `ms`, logging what happens to it. */
function round(name: string, ms: number, log: string[]) {
  return {
    finish: (isAnimated: boolean) => log.push(`${name} finished${isAnimated ? '' : ' early'}`),
    beforeFrames: () => log.push(`${name} starts`),
    onFrame: (elapsed: number) => {
      log.push(`${name} ${elapsed}`);
      return elapsed >= ms;
    },
  };
}

describe('round animation', () => {
  it('with reduced motion, finishes at once and asks for no frame', () => {
    mockReducedMotion(true);
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const log: string[] = [];
    const { result } = renderHook(() => useRoundAnimation());
    result.current(round('a', 100, log));
    expect(log).toEqual(['a finished early']);
    expect(frame).not.toHaveBeenCalled();
  });

  it('overlapping rounds share one frame loop; the after-frame step runs once a frame, after them', () => {
    mockReducedMotion(false);
    const runFrame = mockFrames(1000);
    const log: string[] = [];
    const { result } = renderHook(() => useRoundAnimation(() => log.push('draw')));
    result.current(round('a', 100, log));
    result.current(round('b', 300, log));
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(1);
    runFrame(100);
    expect(log).toEqual(['a starts', 'b starts', 'a 100', 'a finished', 'b 100', 'draw']);
    log.length = 0;
    runFrame(300);
    expect(log).toEqual(['b 300', 'b finished', 'draw']);
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(2);
  });

  it('a round ended early finishes once, not animated, and its frames stop', () => {
    mockReducedMotion(false);
    const runFrame = mockFrames(0);
    const log: string[] = [];
    const { result } = renderHook(() => useRoundAnimation());
    const end = result.current(round('a', 1000, log));
    runFrame(50);
    end();
    end();
    expect(log).toEqual(['a starts', 'a 50', 'a finished early']);
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
    runFrame(2000);
    expect(log).toHaveLength(3);
  });

  it('leaving the screen settles every round still playing, in the order they started', () => {
    mockReducedMotion(false);
    mockFrames(0);
    const log: string[] = [];
    const { result, unmount } = renderHook(() => useRoundAnimation());
    result.current(round('a', 100, log));
    result.current(round('b', 100, log));
    unmount();
    expect(log).toEqual(['a starts', 'b starts', 'a finished early', 'b finished early']);
  });
});
