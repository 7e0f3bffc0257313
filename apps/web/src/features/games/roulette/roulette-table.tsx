/** The roulette betting table (spec 2 §9): one button per spot, with the chips placed on it and the spin's winners marked. */
import type { CSSProperties } from 'react';
import { centsToText, pocketColor, type RouletteBet, type RouletteSpot } from '@app/shared/fairness/roulette';
import { cn } from '@/lib/utils';
import { spotTotal } from './roulette-rules';

type Cell = {
  spot: RouletteSpot;
  text: string;
  srText: string;
  tone: 'red' | 'black' | 'green' | 'outside';
  style: CSSProperties;
};

/** spec 2 §9: 0, three rows of 12, the 2:1 column bets, the dozens and the outside bets. */
function layoutCells(): Cell[] {
  const cells: Cell[] = [{ spot: '0', text: '0', srText: ' green', tone: 'green', style: { gridColumn: 1, gridRow: '1 / span 3' } }];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 12; col += 1) {
      const n = col * 3 + (3 - row);
      const color = pocketColor(n);
      cells.push({
        spot: String(n),
        text: String(n),
        srText: ` ${color}`,
        tone: color === 'red' ? 'red' : 'black',
        style: { gridColumn: col + 2, gridRow: row + 1 },
      });
    }
    const column = 3 - row;
    cells.push({
      spot: `col${column}`,
      text: '2:1',
      srText: ` column ${column} to ${33 + column}`,
      tone: 'outside',
      style: { gridColumn: 14, gridRow: row + 1 },
    });
  }
  (['1st12', '2nd12', '3rd12'] as const).forEach((spot, i) =>
    cells.push({
      spot,
      text: `${['1st', '2nd', '3rd'][i]} 12`,
      srText: '',
      tone: 'outside',
      style: { gridColumn: `${2 + i * 4} / span 4`, gridRow: 4 },
    }),
  );
  const outside: Array<[RouletteSpot, string, Cell['tone']]> = [
    ['1-18', '1–18', 'outside'],
    ['even', 'Even', 'outside'],
    ['red', 'Red', 'red'],
    ['black', 'Black', 'black'],
    ['odd', 'Odd', 'outside'],
    ['19-36', '19–36', 'outside'],
  ];
  outside.forEach(([spot, text, tone], i) => cells.push({ spot, text, srText: '', tone, style: { gridColumn: `${2 + i * 2} / span 2`, gridRow: 5 } }));
  return cells;
}
const CELLS = layoutCells();

const TONE: Record<Cell['tone'], string> = {
  red: 'bg-red-700 text-white hover:bg-red-600',
  black: 'bg-zinc-900 text-white hover:bg-zinc-700',
  green: 'bg-green-700 text-white hover:bg-green-600',
  outside: 'bg-card hover:bg-accent',
};

export function BettingTable({
  placements,
  isWinner,
  disabled,
  onPlace,
}: {
  placements: readonly RouletteBet[];
  /** Whether the last spin marks this spot (a winning bet or the pocket itself). */
  isWinner: (spot: RouletteSpot) => boolean;
  disabled: boolean;
  onPlace: (spot: RouletteSpot) => void;
}) {
  return (
    // shrink-0: as a flex item with overflow it would otherwise shrink and clip rows of the table.
    <div className="shrink-0 overflow-x-auto pb-1">
      <div role="group" aria-label="Betting table" className="mx-auto grid min-w-[22rem] max-w-3xl grid-cols-[repeat(14,minmax(0,1fr))] gap-1">
        {CELLS.map((cell) => {
          const amount = spotTotal(placements, cell.spot);
          const isWin = isWinner(cell.spot);
          return (
            // The chip count sits beside the button, not in it: the button's visible text is its label's start
            // (label in name, WCAG 2.5.3), and its name says the bet ('17 black, bet 0.10').
            <div key={cell.spot} style={cell.style} className="relative flex">
              <button
                type="button"
                disabled={disabled}
                data-spot={cell.spot}
                aria-label={`${cell.text}${cell.srText}${amount > 0 ? `, bet ${centsToText(amount)}` : ''}`}
                data-win={isWin || undefined}
                onClick={() => onPlace(cell.spot)}
                className={cn(
                  'flex min-h-9 w-full items-center justify-center rounded-md border px-0.5 text-xs font-semibold tabular-nums transition-colors sm:text-sm',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default',
                  TONE[cell.tone],
                  isWin && 'ring-2 ring-amber-400',
                )}
              >
                {cell.text}
              </button>
              {amount > 0 && (
                <span
                  aria-hidden="true"
                  data-chip={cell.spot}
                  className="pointer-events-none absolute -top-1.5 -right-1 rounded-full bg-amber-300 px-1 font-mono text-[0.625rem] leading-4 text-black"
                >
                  {centsToText(amount)}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
