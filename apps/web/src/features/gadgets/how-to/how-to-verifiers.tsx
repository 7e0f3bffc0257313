import { useState, type FormEvent } from 'react';
import type { HowToReportedStep } from '@app/shared/api/how-to';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { minesBoard } from '@app/shared/fairness/mines-assist';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { useRecordHowToStep } from '../api/record-how-to-step';

/** Records a browser-only step once the member's own verification ran (never a "mark done" click). */
function useRecord(canRecord: boolean) {
  const record = useRecordHowToStep();
  return (step: HowToReportedStep) => {
    if (canRecord) record.mutate(step);
  };
}

/** A Mines round recomputed from its seeds: the same engine and verifier as the Mines game's Verify tab. */
export function VerifyRound({ canRecord }: { canRecord: boolean }) {
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const [nonce, setNonce] = useState('0');
  const [mines, setMines] = useState('3');
  const [result, setResult] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const record = useRecord(canRecord);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const m = Number(mines);
    if (!serverSeed.trim() || !/^\d+$/.test(nonce) || !Number.isInteger(m) || m < 1 || m > 24) {
      setError('Enter a server seed, a whole-number nonce and 1 to 24 mines.');
      return;
    }
    setError(null);
    setResult(minesBoard({ serverSeed: serverSeed.trim(), clientSeed, nonce: Number(nonce) }, m).mines);
    record('verify-round');
  };

  return (
    <form id="how-to-verify-round" onSubmit={onSubmit} aria-labelledby="how-to-verify-round-title" className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2">
      <h3 id="how-to-verify-round-title" className="font-semibold sm:col-span-2">
        Verify a Mines round
      </h3>
      <FormField label="Server seed (revealed)" autoComplete="off" spellCheck={false} value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} />
      <FormField label="Client seed" autoComplete="off" spellCheck={false} value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} />
      <FormField label="Nonce" inputMode="numeric" value={nonce} onChange={(e) => setNonce(e.target.value)} />
      <FormField label="Mines" inputMode="numeric" value={mines} onChange={(e) => setMines(e.target.value)} />
      <div className="sm:col-span-2">
        <Button type="submit">Verify round</Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      )}
      {result && (
        <p role="status" className="text-sm sm:col-span-2">
          Mines at tiles {result.join(', ')} (0–24, row by row from the top left). Compare them with the board of that round.
        </p>
      )}
    </form>
  );
}

/** A raffle draw recomputed from the revealed seed and the entrants' UIDs in entry order. */
export function VerifyDraw({ canRecord }: { canRecord: boolean }) {
  const [seed, setSeed] = useState('');
  const [uids, setUids] = useState('');
  const [winners, setWinners] = useState('1');
  const [result, setResult] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const record = useRecord(canRecord);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const list = uids
      .split(/[\s,]+/)
      .map((u) => u.trim())
      .filter(Boolean);
    const count = Number(winners);
    if (!seed.trim() || list.length === 0 || !Number.isInteger(count) || count < 1) {
      setError('Enter the revealed seed, the entrants’ UIDs in entry order and the number of winners.');
      return;
    }
    setError(null);
    setResult(drawRaffleWinners(seed.trim(), list, count).winnerUids);
    record('verify-draw');
  };

  return (
    <form id="how-to-verify-draw" onSubmit={onSubmit} aria-labelledby="how-to-verify-draw-title" className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2">
      <h3 id="how-to-verify-draw-title" className="font-semibold sm:col-span-2">
        Verify a raffle draw
      </h3>
      <p className="text-sm text-muted-foreground sm:col-span-2">A completed raffle&apos;s Verify section shows its revealed seed and its entrants.</p>
      <FormField label="Revealed seed" autoComplete="off" spellCheck={false} value={seed} onChange={(e) => setSeed(e.target.value)} />
      <FormField label="Winners" inputMode="numeric" value={winners} onChange={(e) => setWinners(e.target.value)} />
      <Field label="Entrants' UIDs in entry order" hint="One a line, or separated by commas." className="sm:col-span-2">
        <textarea
          rows={3}
          value={uids}
          onChange={(e) => setUids(e.target.value)}
          className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-input/30"
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit">Verify draw</Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      )}
      {result && (
        <p role="status" className="text-sm sm:col-span-2">
          Winners in draw order: {result.join(', ')}.
        </p>
      )}
    </form>
  );
}
