import { Bomb, Gem } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { sha256Hex } from '@app/shared/fairness/engine';
import {
  MINES_ASSIST_MAX,
  MINES_ASSIST_MIN,
  minesBoard,
  minesNextStep,
  minesPath,
  parsePastedRound,
  safeTiles,
  type Chance,
  type MinesPathRow,
} from '@app/shared/fairness/mines-assist';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FormField } from '@/components/ui/form-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

const percent = (c: Chance) => `${(c.value * 100).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;
const times = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/** A whole number from a text field, clamped to [min, max]; `fallback` while the field is not a number. */
function clampInt(text: string, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** /gadgets/mines-assist: the exact odds of our mines game and a board verifier. Never a predictor. */
export default function MinesAssistPage() {
  return (
    <section aria-labelledby="mines-assist-title" className="mx-auto max-w-5xl px-4 py-10">
      <h1 id="mines-assist-title" className="text-3xl font-extrabold tracking-tight">
        Mines Assist
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        A mines board is fixed by the seeds before your first click, so nothing can predict where the mines are: this page shows the exact odds and what our{' '}
        <Link to="/games/mines" className="font-medium text-primary underline-offset-4 hover:underline">
          Mines game
        </Link>{' '}
        pays, and lets you check any past round.
      </p>
      <OddsCalculator />
      <BoardVerifier />
    </section>
  );
}

function OddsCalculator() {
  const [minesText, setMinesText] = useState('3');
  const [revealedText, setRevealedText] = useState('0');
  const [betText, setBetText] = useState('1');
  const [picksText, setPicksText] = useState('3');
  const mines = clampInt(minesText, MINES_ASSIST_MIN, MINES_ASSIST_MAX, 3);
  const safe = safeTiles(mines);
  const revealed = clampInt(revealedText, 0, safe - 1, 0);
  const picks = clampInt(picksText, 1, safe, Math.min(3, safe));
  const bet = Math.max(0, Number.parseFloat(betText) || 0);
  const step = minesNextStep(mines, revealed);
  const rows = useMemo(() => minesPath(mines, bet), [mines, bet]);

  return (
    <section aria-labelledby="mines-odds-title" className="mt-8">
      <h2 id="mines-odds-title" className="text-xl font-bold">
        Odds and payouts
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label="Mines (1–24)"
          type="number"
          inputMode="numeric"
          min={MINES_ASSIST_MIN}
          max={MINES_ASSIST_MAX}
          value={minesText}
          onChange={(e) => setMinesText(e.target.value)}
        />
        <FormField
          label="Gems revealed so far"
          hint={`0 to ${safe - 1} with ${mines} ${mines === 1 ? 'mine' : 'mines'}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={safe - 1}
          value={revealedText}
          onChange={(e) => setRevealedText(e.target.value)}
        />
        <FormField label="Bet" type="number" inputMode="decimal" min={0} step="any" value={betText} onChange={(e) => setBetText(e.target.value)} />
        <FormField
          label="Picks you plan"
          hint={`1 to ${safe}: the row marked in the table`}
          type="number"
          inputMode="numeric"
          min={1}
          max={safe}
          value={picksText}
          onChange={(e) => setPicksText(e.target.value)}
        />
      </div>

      <Card className="mt-6" aria-live="polite">
        <CardHeader>
          <CardTitle asChild>
            <h3>Your next pick</h3>
          </CardTitle>
          <CardDescription>
            {mines} {mines === 1 ? 'mine' : 'mines'}, {revealed} {revealed === 1 ? 'gem' : 'gems'} revealed: {25 - revealed} tiles left.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-4">
            <Fact label="Chance the next tile is safe" value={`${step.chance.num}/${step.chance.den}`} detail={percent(step.chance)} />
            <Fact label="Our payout now" value={times(step.currentPayout)} />
            <Fact label="Fair multiplier after it" value={step.nextFairMultiplier === null ? '—' : times(step.nextFairMultiplier)} />
            <Fact label="Our payout after it" value={step.nextPayout === null ? '—' : times(step.nextPayout)} detail="99% of fair (1% house edge)" />
          </dl>
        </CardContent>
      </Card>

      <PlanSummary row={rows[picks - 1]!} />

      <h3 className="mt-8 font-semibold">Path from a fresh board</h3>
      <p className="text-sm text-muted-foreground">
        Each row plans to cash out after that many gems. Expected value is the average net result at your bet: bet × chance × payout − bet.
      </p>
      <Table containerClassName="mt-3 rounded-lg border" aria-label={`Path table for ${mines} mines`}>
        <TableHeader>
          <TableRow>
            <TableHead>Picks</TableHead>
            <TableHead>This pick safe</TableHead>
            <TableHead>Survive so far</TableHead>
            <TableHead>Fair ×</TableHead>
            <TableHead>Our payout ×</TableHead>
            <TableHead>Expected value</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.picks}
              data-state={row.picks === picks ? 'selected' : undefined}
              aria-current={row.picks === picks ? 'true' : row.picks === revealed + 1 ? 'step' : undefined}
              className={row.picks === revealed + 1 && row.picks !== picks ? 'font-semibold' : undefined}
            >
              <TableCell className="font-medium">{row.picks}</TableCell>
              <TableCell>
                {row.stepChance.num}/{row.stepChance.den}
              </TableCell>
              <TableCell>
                {percent(row.survival)}{' '}
                <span className="text-muted-foreground">
                  (1 in {(row.survival.den / row.survival.num).toLocaleString('en-US', { maximumFractionDigits: 2 })})
                </span>
              </TableCell>
              <TableCell>{times(row.fairMultiplier)}</TableCell>
              <TableCell>{times(row.payout)}</TableCell>
              <TableCell>{signed(row.expectedValue)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** The plan in one sentence: cashing out after N picks from a fresh board. */
function PlanSummary({ row }: { row: MinesPathRow }) {
  return (
    <p className="mt-6 rounded-lg border bg-card p-4 text-sm" aria-live="polite">
      Cashing out after <strong>{row.picks}</strong> {row.picks === 1 ? 'pick' : 'picks'} from a fresh board: you survive with chance{' '}
      <strong>{percent(row.survival)}</strong> (1 in {(row.survival.den / row.survival.num).toLocaleString('en-US', { maximumFractionDigits: 2 })}), our game
      pays <strong>{times(row.payout)}</strong>, and the expected value at your bet is <strong>{signed(row.expectedValue)}</strong>.
    </p>
  );
}

function Fact({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {detail && <dd className="text-xs text-muted-foreground">{detail}</dd>}
    </div>
  );
}

type Round = { serverSeed: string; clientSeed: string; nonce: string; mines: string };

function BoardVerifier() {
  const [round, setRound] = useState<Round>({ serverSeed: '', clientSeed: '', nonce: '0', mines: '3' });
  const [paste, setPaste] = useState('');
  const [checked, setChecked] = useState<Round | null>(null);
  const nonceError = /^\d+$/.test(round.nonce) ? undefined : 'The nonce is a whole number from 0';
  const minesNumber = Number(round.mines);
  const minesError = Number.isInteger(minesNumber) && minesNumber >= 1 && minesNumber <= 24 ? undefined : 'Mines are 1 to 24';
  const canVerify = round.serverSeed.trim() !== '' && !nonceError && !minesError;
  const result = useMemo(() => {
    if (!checked) return null;
    const seeds = { serverSeed: checked.serverSeed.trim(), clientSeed: checked.clientSeed, nonce: Number(checked.nonce) };
    return { ...minesBoard(seeds, Number(checked.mines)), hash: sha256Hex(seeds.serverSeed) };
  }, [checked]);

  const applyPaste = () => {
    const parsed = parsePastedRound(paste);
    setRound((r) => ({
      serverSeed: parsed.serverSeed ?? r.serverSeed,
      clientSeed: parsed.clientSeed ?? r.clientSeed,
      nonce: parsed.nonce !== undefined ? String(parsed.nonce) : r.nonce,
      mines: parsed.mines !== undefined ? String(parsed.mines) : r.mines,
    }));
  };

  return (
    <section aria-labelledby="mines-verify-title" className="mt-12">
      <h2 id="mines-verify-title" className="text-xl font-bold">
        Verify a round
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
        Enter a revealed server seed, the client seed and the nonce of a round (or paste them from the Fairness dialog) to see the board those seeds produce
        under our published scheme, exactly as the Mines game&apos;s Verify tab does.
      </p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (canVerify) setChecked(round);
        }}
      >
        <Field label="Paste a round" hint="Lines like “Server seed: …”, “Client seed: …”, “Nonce: 4”, “Mines: 3”, or JSON." className="sm:col-span-2">
          <textarea
            rows={3}
            value={paste}
            onChange={(e) => setPaste(e.target.value)}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-input/30"
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="button" variant="outline" onClick={applyPaste} disabled={paste.trim() === ''}>
            Fill in from the paste
          </Button>
        </div>
        <FormField
          label="Server seed"
          autoComplete="off"
          spellCheck={false}
          value={round.serverSeed}
          onChange={(e) => setRound({ ...round, serverSeed: e.target.value })}
          className="font-mono"
        />
        <FormField
          label="Client seed"
          autoComplete="off"
          spellCheck={false}
          value={round.clientSeed}
          onChange={(e) => setRound({ ...round, clientSeed: e.target.value })}
          className="font-mono"
        />
        <FormField label="Nonce" inputMode="numeric" value={round.nonce} error={nonceError} onChange={(e) => setRound({ ...round, nonce: e.target.value })} />
        <FormField label="Mines" inputMode="numeric" value={round.mines} error={minesError} onChange={(e) => setRound({ ...round, mines: e.target.value })} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!canVerify}>
            Show the board
          </Button>
        </div>
      </form>
      {result && (
        <div className="mt-6 grid gap-6 sm:grid-cols-[auto_1fr]" aria-live="polite">
          <ul aria-label="Verified board" className="grid w-full max-w-xs grid-cols-5 gap-1.5">
            {result.tiles.map((isMine, i) => (
              <li
                key={i}
                aria-label={`Tile ${i + 1}: ${isMine ? 'mine' : 'gem'}`}
                className={cn(
                  'flex aspect-square items-center justify-center rounded-md border [&_svg]:size-5',
                  isMine ? 'border-destructive/50 bg-destructive/15 text-destructive' : 'bg-primary/10 text-primary',
                )}
              >
                {isMine ? <Bomb aria-hidden="true" /> : <Gem aria-hidden="true" />}
              </li>
            ))}
          </ul>
          <dl className="grid content-start gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Mines at (tiles 0–24, row by row from the top left, in draw order)</dt>
              <dd className="font-mono">{result.mines.join(', ')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">SHA-256 of the server seed (compare with the hash shown before the round)</dt>
              <dd className="font-mono break-all">{result.hash}</dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
