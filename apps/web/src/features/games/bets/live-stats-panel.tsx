import { GripHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useGameCurrency } from '../game-context';
import { betStats, useMyBets } from './bet-store';

// spec 2 §2: the 'Weekly Race' tile is fixed sample text.
export const WEEKLY_RACE = { remaining: '56:35:11', position: 'N/A', prize: '$0.00' } as const;

const KEY_STEP = 10;
const KEY_STEP_FAST = 50;
const MARGIN = 8;

type Point = { x: number; y: number };

function clampToViewport(p: Point, el: HTMLElement | null): Point {
  const w = el?.offsetWidth ?? 288;
  const h = el?.offsetHeight ?? 240;
  const maxX = Math.max(MARGIN, window.innerWidth - w - MARGIN);
  const maxY = Math.max(MARGIN, window.innerHeight - h - MARGIN);
  return { x: Math.min(Math.max(MARGIN, p.x), maxX), y: Math.min(Math.max(MARGIN, p.y), maxY) };
}

/**
 * Floating Live Stats panel (spec 2 §2): Profit, Wins, Wagered, Losses from the player's own rounds and the
 * Weekly Race tile. Dragged by its handle with a mouse or a finger (pointer events) or with the arrow keys
 * (Shift for bigger steps) while the handle has focus.
 */
export function LiveStatsPanel({ onClose }: { onClose(): void }) {
  const currency = useGameCurrency();
  const bets = useMyBets();
  const stats = betStats(bets, currency.convert);
  const panelRef = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<Point>(() => ({ x: Math.max(MARGIN, window.innerWidth - 288 - 24), y: 96 }));
  const drag = useRef<{ id: number; dx: number; dy: number } | null>(null);

  const move = useCallback((p: Point) => setPos(clampToViewport(p, panelRef.current)), []);

  useEffect(() => {
    const onResize = () => setPos((p) => clampToViewport(p, panelRef.current));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    move({ x: e.clientX - d.dx, y: e.clientY - d.dy });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP_FAST : KEY_STEP;
    const delta: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    move({ x: pos.x + d.x, y: pos.y + d.y });
  };

  const tiles = [
    { label: 'Profit', value: currency.format(stats.profit), tone: stats.profit > 0 ? 'text-success' : stats.profit < 0 ? 'text-destructive' : '' },
    { label: 'Wins', value: String(stats.wins), tone: 'text-success' },
    { label: 'Wagered', value: currency.format(stats.wagered), tone: '' },
    { label: 'Losses', value: String(stats.losses), tone: 'text-destructive' },
  ];

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-label="Live Stats"
      data-testid="live-stats-panel"
      style={{ left: pos.x, top: pos.y }}
      className="fixed z-40 w-72 rounded-lg border bg-card text-card-foreground shadow-xl"
    >
      <div className="flex items-center gap-2 border-b px-2 py-1.5">
        <div
          role="button"
          tabIndex={0}
          aria-label="Move Live Stats"
          aria-describedby="live-stats-move-hint"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          className="flex flex-1 cursor-grab touch-none items-center gap-2 rounded px-1 py-1 text-sm font-semibold select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
        >
          <GripHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          Live Stats
        </div>
        <span id="live-stats-move-hint" className="sr-only">
          Drag, or use the arrow keys, to move the panel.
        </span>
        <Button variant="ghost" size="icon" className="size-7" aria-label="Close Live Stats" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-2 p-3">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-md bg-muted/60 p-2">
            <dt className="text-xs text-muted-foreground">{t.label}</dt>
            <dd className={cn('truncate font-semibold tabular-nums', t.tone)}>{t.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mx-3 mb-3 rounded-md border p-2">
        <p className="text-sm font-semibold">Weekly Race</p>
        <dl className="mt-1 grid grid-cols-3 gap-1 text-xs">
          <div>
            <dt className="text-muted-foreground">Remaining</dt>
            <dd className="font-mono">{WEEKLY_RACE.remaining}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Position</dt>
            <dd>{WEEKLY_RACE.position}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Prize</dt>
            <dd>{WEEKLY_RACE.prize}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
