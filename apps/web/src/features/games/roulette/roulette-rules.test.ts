import { describe, expect, it } from 'vitest';
import { ROULETTE_WHEEL_ORDER } from '@app/shared/fairness/roulette';
import {
  BALL_DECAY,
  BALL_START_SPEED,
  FALL_SECONDS,
  POCKET_RADIUS,
  TAU,
  ballSpeed,
  ballTravel,
  fallTime,
  placeChip,
  planSpin,
  pocketAt,
  pocketOffset,
  shouldFall,
  spinFrame,
  spotTotal,
  totalCents,
  undoChip,
} from './roulette-rules';

describe('ball speed', () => {
  it('decays at 1.2 per second, never below 0', () => {
    expect(BALL_DECAY).toBe(1.2);
    expect(ballSpeed(7, 0)).toBe(7);
    expect(ballSpeed(7, 1)).toBeCloseTo(5.8, 12);
    expect(ballSpeed(7, 2.5)).toBeCloseTo(4, 12);
    expect(ballSpeed(1, 10)).toBe(0);
    // distance is the integral of the speed
    expect(ballTravel(7, 1)).toBeCloseTo(7 - 0.6, 12);
    expect(ballTravel(1.2, 5)).toBeCloseTo(0.6, 12);
  });
});

describe('phases track → fall → pocket', () => {
  it('falls at 2 laps or at a speed of 1.5 or less', () => {
    expect(shouldFall(1.99, 1.51)).toBe(false);
    expect(shouldFall(2, 5)).toBe(true);
    expect(shouldFall(0.3, 1.5)).toBe(true);
    expect(shouldFall(0.3, 1.49)).toBe(true);
  });

  it('a fast ball falls after exactly 2 laps', () => {
    const t = fallTime(BALL_START_SPEED);
    expect(ballTravel(BALL_START_SPEED, t)).toBeCloseTo(2 * TAU, 9);
    expect(ballSpeed(BALL_START_SPEED, t)).toBeGreaterThan(1.5);
    const plan = planSpin(17, 0, 0);
    expect(spinFrame(plan, t - 0.001).phase).toBe('track');
    expect(spinFrame(plan, t + 0.001).phase).toBe('fall');
  });

  it('a slow ball falls when its speed reaches 1.5, before 2 laps', () => {
    const t = fallTime(3);
    expect(t).toBeCloseTo(1.25, 12);
    expect(ballSpeed(3, t)).toBeCloseTo(1.5, 12);
    expect(ballTravel(3, t) / TAU).toBeLessThan(2);
    const plan = planSpin(5, 0, 0, 3);
    expect(spinFrame(plan, 1.249).phase).toBe('track');
    expect(spinFrame(plan, 1.251).phase).toBe('fall');
    expect(spinFrame(plan, 1.25 + FALL_SECONDS + 0.01).phase).toBe('pocket');
  });

  it('comes to rest in the engine pocket, from any start', () => {
    for (const pocket of ROULETTE_WHEEL_ORDER) {
      for (const [wheel, ball] of [
        [0, 0],
        [1.3, 4.2],
        [5.9, 0.1],
      ] as const) {
        const plan = planSpin(pocket, wheel, ball);
        // the end of the fall, and riding in the pocket afterwards, is that pocket on the wheel
        for (const t of [plan.landAt - 1e-9, plan.landAt, plan.landAt + 0.4]) {
          const f = spinFrame(plan, t);
          expect(pocketAt(f.ball - f.wheel), `${pocket} at ${t}`).toBe(pocket);
        }
        expect(spinFrame(plan, plan.landAt).radius).toBe(POCKET_RADIUS);
        // the fall keeps running the ball's way (anticlockwise)
        expect(plan.fallTravel).toBeLessThanOrEqual(0);
      }
    }
    expect(pocketOffset(0)).toBe(0);
    expect(pocketAt(pocketOffset(26))).toBe(26);
  });
});

describe('chips on the table', () => {
  it('places, totals and undoes in order', () => {
    let p = placeChip([], '17', 10);
    p = placeChip(p, 'red', 50);
    p = placeChip(p, '17', 1);
    expect(spotTotal(p, '17')).toBe(11);
    expect(totalCents(p)).toBe(61);
    p = undoChip(p);
    expect(spotTotal(p, '17')).toBe(10);
    expect(undoChip(undoChip(undoChip(p)))).toEqual([]);
  });
});
