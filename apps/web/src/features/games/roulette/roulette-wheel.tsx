/** The roulette wheel (spec 2 §4 Roulette wheel): a European wheel in SVG, turned by CSS transforms while a spin plays. */
import type { RefObject } from 'react';
import { ROULETTE_WHEEL_ORDER, pocketColor } from '@app/shared/fairness/roulette';
import { TAU, TRACK_RADIUS } from './roulette-rules';

const R_OUTER = 96;
const R_POCKET_OUT = 88;
const R_POCKET_IN = 62;
const POCKETS = ROULETTE_WHEEL_ORDER.length;
const SECTOR = TAU / POCKETS;

function polar(r: number, angle: number): string {
  return `${(r * Math.sin(angle)).toFixed(3)} ${(-r * Math.cos(angle)).toFixed(3)}`;
}

function sectorPath(i: number): string {
  const a0 = i * SECTOR - SECTOR / 2;
  const a1 = a0 + SECTOR;
  return `M ${polar(R_POCKET_IN, a0)} L ${polar(R_POCKET_OUT, a0)} A ${R_POCKET_OUT} ${R_POCKET_OUT} 0 0 1 ${polar(R_POCKET_OUT, a1)} L ${polar(R_POCKET_IN, a1)} A ${R_POCKET_IN} ${R_POCKET_IN} 0 0 0 ${polar(R_POCKET_IN, a0)} Z`;
}

const FILL: Record<ReturnType<typeof pocketColor>, string> = { green: '#15803d', red: '#b91c1c', black: '#18181b' };
const deg = (rad: number) => (rad * 180) / Math.PI;

/** The wheel's transform at `angle` (radians). */
export const wheelTransform = (angle: number) => `rotate(${deg(angle)}deg)`;

/** The ball: turned to its angle, then out to its radius (1 = the wheel's edge, 100 user units). */
export const ballTransform = (angle: number, radius: number) => `rotate(${deg(angle)}deg) translateY(${-radius * 100}px)`;

/** The wheel is drawn once; each frame only sets two CSS transforms (no React render, no layout). */
export function Wheel({ wheelRef, ballRef }: { wheelRef: RefObject<SVGGElement | null>; ballRef: RefObject<SVGGElement | null> }) {
  return (
    <svg viewBox="-100 -100 200 200" className="size-full" aria-hidden="true">
      <circle r={R_OUTER} fill="#78350f" />
      <circle r={R_POCKET_OUT + 1} fill="#3f2a14" />
      <g ref={wheelRef} style={{ willChange: 'transform' }}>
        {ROULETTE_WHEEL_ORDER.map((n, i) => {
          const mid = i * SECTOR;
          const [x, y] = polar((R_POCKET_OUT + R_POCKET_IN) / 2 + 4, mid)
            .split(' ')
            .map(Number);
          return (
            <g key={n}>
              <path d={sectorPath(i)} fill={FILL[pocketColor(n)]} stroke="#d4af37" strokeWidth={0.4} />
              <text
                x={x}
                y={y}
                fill="#fff"
                fontSize={6.5}
                fontWeight={700}
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${deg(mid)} ${x} ${y})`}
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle r={R_POCKET_IN} fill="#57361a" />
        <circle r={R_POCKET_IN - 14} fill="#3f2a14" />
        {[0, 1, 2, 3].map((k) => (
          <rect key={k} x={-2} y={-40} width={4} height={80} rx={2} fill="#d4af37" transform={`rotate(${k * 45})`} />
        ))}
        <circle r={8} fill="#d4af37" />
      </g>
      <g ref={ballRef} style={{ willChange: 'transform', transform: ballTransform(0, TRACK_RADIUS) }}>
        <circle r={4} fill="#fafafa" stroke="#a1a1aa" strokeWidth={0.6} />
      </g>
    </svg>
  );
}
