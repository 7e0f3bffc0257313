/**
 * Roulette wheel motion (spec 2 §4 Roulette wheel): the ball moves through the phases track, fall and pocket;
 * its speed decays at 1.2 per second; it falls once it has done 2 laps or its speed is 1.5 or less. The motion
 * never decides anything: the fall is steered so that the ball comes to rest in the engine's pocket.
 * Angles in radians, clockwise from the top; speeds in radians per second.
 */
import { ROULETTE_CHIPS, ROULETTE_WHEEL_ORDER, type RouletteBet, type RouletteSpot } from '@app/shared/fairness/roulette';

export const TAU = Math.PI * 2;
/** spec 2 §4: speed decays at 1.2 per second. */
export const BALL_DECAY = 1.2;
/** spec 2 §4: the ball falls after 2 laps … */
const FALL_LAPS = 2;
/** … or once its speed is 1.5 or less. */
const FALL_SPEED = 1.5;
/** The ball's speed when Spin is pressed. */
export const BALL_START_SPEED = 7;
/** How long the fall from the track into the pocket takes. */
export const FALL_SECONDS = 1.1;
/** The ball rides in its pocket this long before the round settles. */
const POCKET_SECONDS = 0.6;
/** The wheel turns the other way, slowing down to a stop about when a spin at the start speed settles. */
const WHEEL_START_SPEED = 1.1;
const WHEEL_DECAY = 0.28;

export const TRACK_RADIUS = 0.93;
export const POCKET_RADIUS = 0.66;

type BallPhase = 'track' | 'fall' | 'pocket';

/** The ball's speed `t` seconds after the spin: decays at 1.2 per second, never below 0. */
export function ballSpeed(startSpeed: number, t: number): number {
  return Math.max(0, startSpeed - BALL_DECAY * t);
}

/** Distance the ball has travelled on the track after `t` seconds (the integral of ballSpeed). */
export function ballTravel(startSpeed: number, t: number): number {
  const stop = startSpeed / BALL_DECAY;
  const s = Math.min(t, stop);
  return startSpeed * s - (BALL_DECAY / 2) * s * s;
}

/** The track rule: the ball falls once it has done 2 laps or its speed is 1.5 or less. */
export function shouldFall(laps: number, speed: number): boolean {
  return laps >= FALL_LAPS || speed <= FALL_SPEED;
}

/** When the ball leaves the track: the first moment of 2 laps done or speed down to 1.5. */
export function fallTime(startSpeed: number): number {
  const bySpeed = Math.max(0, (startSpeed - FALL_SPEED) / BALL_DECAY);
  // startSpeed * t - 0.6 t² = 2 laps
  const distance = FALL_LAPS * TAU;
  const disc = startSpeed * startSpeed - 2 * BALL_DECAY * distance;
  const byLaps = disc >= 0 ? (startSpeed - Math.sqrt(disc)) / BALL_DECAY : Infinity;
  return Math.min(bySpeed, byLaps);
}

/** The wheel's angle `t` seconds after the spin (it slows to a stop and stays there). */
function wheelAngle(start: number, t: number): number {
  const stop = WHEEL_START_SPEED / WHEEL_DECAY;
  const s = Math.min(t, stop);
  return start + WHEEL_START_SPEED * s - (WHEEL_DECAY / 2) * s * s;
}

/** Where a pocket sits on the wheel, from the wheel's zero mark. */
export function pocketOffset(pocket: number): number {
  return (ROULETTE_WHEEL_ORDER.indexOf(pocket) / ROULETTE_WHEEL_ORDER.length) * TAU;
}

/** The pocket under an angle of the wheel frame (the inverse of pocketOffset). */
export function pocketAt(angleOnWheel: number): number {
  const n = ROULETTE_WHEEL_ORDER.length;
  const i = Math.round((((angleOnWheel % TAU) + TAU) % TAU) / (TAU / n)) % n;
  return ROULETTE_WHEEL_ORDER[i]!;
}

type SpinPlan = {
  pocket: number;
  wheelStart: number;
  ballStart: number;
  startSpeed: number;
  /** Seconds on the track. */
  fallAt: number;
  /** Ball angle and speed when it leaves the track. */
  fallAngle: number;
  fallSpeed: number;
  /** Signed angle the ball covers during the fall (the ball runs anticlockwise: negative). */
  fallTravel: number;
  /** Seconds from the spin to rest in the pocket. */
  landAt: number;
};

/** Plans a spin that ends in `pocket`, starting from the wheel's and the ball's current angles. */
export function planSpin(pocket: number, wheelStart: number, ballStart: number, startSpeed = BALL_START_SPEED): SpinPlan {
  const fallAt = fallTime(startSpeed);
  const fallAngle = ballStart - ballTravel(startSpeed, fallAt);
  const fallSpeed = ballSpeed(startSpeed, fallAt);
  const landAt = fallAt + FALL_SECONDS;
  const target = wheelAngle(wheelStart, landAt) + pocketOffset(pocket);
  // Anticlockwise distance to the target, plus whole laps so the fall starts near the ball's speed
  // (an ease-out over FALL_SECONDS starts at 2 × distance / duration).
  const toTarget = (((fallAngle - target) % TAU) + TAU) % TAU;
  const laps = Math.max(0, Math.round((fallSpeed * FALL_SECONDS) / 2 / TAU - toTarget / TAU));
  return { pocket, wheelStart, ballStart, startSpeed, fallAt, fallAngle, fallSpeed, fallTravel: -(toTarget + laps * TAU), landAt };
}

type BallFrame = { phase: BallPhase; ball: number; radius: number; wheel: number };

/** Wheel and ball `t` seconds after the spin. */
export function spinFrame(plan: SpinPlan, t: number): BallFrame {
  const wheel = wheelAngle(plan.wheelStart, t);
  if (t < plan.fallAt) {
    return { phase: 'track', ball: plan.ballStart - ballTravel(plan.startSpeed, t), radius: TRACK_RADIUS, wheel };
  }
  if (t < plan.landAt) {
    const u = (t - plan.fallAt) / FALL_SECONDS;
    const eased = 1 - (1 - u) * (1 - u);
    return { phase: 'fall', ball: plan.fallAngle + plan.fallTravel * eased, radius: TRACK_RADIUS + (POCKET_RADIUS - TRACK_RADIUS) * u * u, wheel };
  }
  return { phase: 'pocket', ball: wheel + pocketOffset(plan.pocket), radius: POCKET_RADIUS, wheel };
}

/** Total seconds a spin is shown: to rest, then a moment in the pocket. */
export function spinSeconds(plan: SpinPlan): number {
  return plan.landAt + POCKET_SECONDS;
}

// ---------- The table ----------
/** Chip values in hundredths (0.01 … 1). */
export const CHIP_CENTS: readonly number[] = ROULETTE_CHIPS.map((c) => Math.round(c * 100));
/** spec 2 §5: Max sets the chip value (the largest chip). */
export const MAX_CHIP_CENTS = CHIP_CENTS[CHIP_CENTS.length - 1]!;

/** Places one chip on a spot; placements keep their order for Undo. */
export function placeChip(placements: readonly RouletteBet[], spot: RouletteSpot, cents: number): RouletteBet[] {
  return [...placements, { spot, cents }];
}

/** Undo takes back the last chip placed. */
export function undoChip(placements: readonly RouletteBet[]): RouletteBet[] {
  return placements.slice(0, -1);
}

/** Total on one spot, in hundredths. */
export function spotTotal(placements: readonly RouletteBet[], spot: RouletteSpot): number {
  return placements.reduce((sum, p) => (p.spot === spot ? sum + p.cents : sum), 0);
}

export function totalCents(placements: readonly RouletteBet[]): number {
  return placements.reduce((sum, p) => sum + p.cents, 0);
}
