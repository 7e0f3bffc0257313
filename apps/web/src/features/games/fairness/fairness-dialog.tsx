import { RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DDG_DIFFICULTIES, DDG_DIFFICULTY_LABELS, isDdgDifficulty, type DdgDifficulty } from '@app/shared/fairness/duck-duck-goose';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_RISK_LABELS, type PlinkoRisk } from '@app/shared/fairness/payouts';
import { useFairness } from './fairness-store';
import { DEFAULT_VERIFY_SETTINGS, VERIFY_GAMES, isVerifyGame, verifyRound, type VerifyGame, type VerifySettings } from './verify';
import { blackjackActionsError } from './verify-blackjack';
import { rouletteBetsError } from './verify-roulette';

type FairnessDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The game of the page, preselected in Verify when the engine supports it. */
  defaultGame?: string;
};

/** 'Provably Fair' dialog: Seeds (the active pair, rotation) and Verify (recompute any round). */
export function FairnessDialog({ open, onOpenChange, defaultGame }: FairnessDialogProps) {
  const [tab, setTab] = useState('seeds');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Provably Fair</DialogTitle>
          <DialogDescription>
            Every outcome comes from HMAC-SHA256 of your client seed, a nonce and a server seed whose hash you see before you
            play.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full">
            <TabsTrigger value="seeds">Seeds</TabsTrigger>
            <TabsTrigger value="verify">Verify</TabsTrigger>
          </TabsList>
          <TabsContent value="seeds">
            <SeedsTab />
          </TabsContent>
          <TabsContent value="verify">
            <VerifyTab defaultGame={defaultGame} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function ReadOnly({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Field label={label} hint={hint}>
      {(id) => <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />}
    </Field>
  );
}

function SeedsTab() {
  const f = useFairness();
  const rotate = () => {
    try {
      f.rotate();
      toast({ title: 'Seeds rotated', description: 'Your previous server seed is revealed below.' });
    } catch (error) {
      toast({ title: 'Seeds not rotated', description: (error as Error).message, variant: 'destructive' });
    }
  };
  const changed = f.draftClientSeed.trim() !== f.clientSeed;
  return (
    <div className="grid gap-4 pt-2">
      <Field
        label="Client Seed"
        hint={changed ? `Active: ${f.clientSeed}. The new client seed is applied when you rotate seeds.` : 'Applied when you rotate seeds.'}
      >
        {(id) => (
          <Input
            id={id}
            value={f.draftClientSeed}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            onChange={(e) => f.setClientSeed(e.target.value)}
          />
        )}
      </Field>
      <ReadOnly label="Server Seed (hashed)" value={f.serverSeedHash} />
      <ReadOnly label="Next Server Seed (hashed)" value={f.nextServerSeedHash} />
      <ReadOnly label="Total bets" value={String(f.betCount)} hint="Bets made with this seed pair; the next bet uses this number as its nonce." />
      <div className="grid gap-1.5">
        <Button onClick={rotate} disabled={f.isRoundOpen}>
          <RefreshCw aria-hidden="true" />
          Rotate Seeds
        </Button>
        {f.isRoundOpen && <p className="text-xs text-muted-foreground">Finish the current round to rotate seeds.</p>}
      </div>
      {f.previousServerSeed !== undefined && (
        <div className="grid gap-3 rounded-md border p-3">
          <ReadOnly
            label="Previous Server Seed"
            value={f.previousServerSeed}
            hint={`SHA-256: ${f.previousServerSeedHash ?? ''} (the hash shown before rotating).`}
          />
          <ReadOnly
            label="Previous Client Seed"
            value={f.previousClientSeed ?? ''}
            hint={
              f.previousNonce
                ? `Bets made with the previous pair: ${f.previousNonce} (nonces 0 to ${f.previousNonce - 1}). Check them in Verify.`
                : 'No bets were made with the previous pair.'
            }
          />
        </div>
      )}
    </div>
  );
}

function clampInt(raw: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

function VerifyTab({ defaultGame }: { defaultGame?: string }) {
  const f = useFairness();
  const [game, setGame] = useState<VerifyGame>(() => (defaultGame && isVerifyGame(defaultGame) ? defaultGame : 'dice'));
  const [serverSeed, setServerSeed] = useState(() => f.previousServerSeed ?? '');
  const [clientSeed, setClientSeed] = useState(() => f.previousClientSeed ?? f.clientSeed);
  const [nonce, setNonce] = useState('0');
  const [mines, setMines] = useState(String(DEFAULT_VERIFY_SETTINGS.mines));
  const [rows, setRows] = useState(String(DEFAULT_VERIFY_SETTINGS.rows));
  const [risk, setRisk] = useState<PlinkoRisk>(DEFAULT_VERIFY_SETTINGS.risk);
  const [cards, setCards] = useState(String(DEFAULT_VERIFY_SETTINGS.cards));
  const [hunts, setHunts] = useState(String(DEFAULT_VERIFY_SETTINGS.hunts));
  const [difficulty, setDifficulty] = useState<DdgDifficulty>(DEFAULT_VERIFY_SETTINGS.difficulty);
  const difficultyId = useId();
  const [rouletteBets, setRouletteBets] = useState(DEFAULT_VERIFY_SETTINGS.rouletteBets);
  const [blackjackActions, setBlackjackActions] = useState(DEFAULT_VERIFY_SETTINGS.blackjackActions);
  const gameId = useId();
  const riskId = useId();

  const nonceN = clampInt(nonce, 0, Number.MAX_SAFE_INTEGER);
  const settings: Partial<Record<keyof VerifySettings, number | null>> = {
    mines: clampInt(mines, 1, 24),
    rows: clampInt(rows, PLINKO_MIN_ROWS, PLINKO_MAX_ROWS),
    cards: clampInt(cards, 1, 52),
    hunts: clampInt(hunts, 1, 1000),
  };
  const errors: string[] = [];
  if (!serverSeed) errors.push('Enter the server seed.');
  if (!clientSeed) errors.push('Enter the client seed.');
  if (nonceN === null) errors.push('Nonce must be a whole number of 0 or more.');
  if (game === 'mines' && settings.mines === null) errors.push('Mines must be a whole number from 1 to 24.');
  if (game === 'plinko' && settings.rows === null) errors.push(`Rows must be a whole number from ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS}.`);
  if (game === 'blackjack' && settings.cards === null) errors.push('Cards must be a whole number from 1 to 52.');
  if (game === 'duckduckgoose' && settings.hunts === null) errors.push('Hunts must be a whole number from 1 to 1000.');
  const betsError = game === 'roulette' ? rouletteBetsError(rouletteBets) : null;
  if (betsError) errors.push(betsError);
  const actionsError = game === 'blackjack' ? blackjackActionsError(blackjackActions) : null;
  if (actionsError) errors.push(actionsError);

  const result =
    errors.length === 0
      ? verifyRound(
          game,
          { serverSeed, clientSeed, nonce: nonceN! },
          {
            mines: settings.mines ?? DEFAULT_VERIFY_SETTINGS.mines,
            rows: settings.rows ?? DEFAULT_VERIFY_SETTINGS.rows,
            risk,
            cards: settings.cards ?? DEFAULT_VERIFY_SETTINGS.cards,
            difficulty,
            hunts: settings.hunts ?? DEFAULT_VERIFY_SETTINGS.hunts,
            rouletteBets,
            blackjackActions,
          },
        )
      : null;

  return (
    <div className="grid gap-4 pt-2">
      <div className="grid gap-1.5">
        <Label htmlFor={gameId}>Game</Label>
        <Select value={game} onValueChange={(v) => isVerifyGame(v) && setGame(v)}>
          <SelectTrigger id={gameId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {VERIFY_GAMES.map((g) => (
              <SelectItem key={g.id} value={g.id}>
                {g.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Field label="Server Seed" hint="The revealed (unhashed) server seed.">
        {(id) => (
          <Input id={id} value={serverSeed} spellCheck={false} autoComplete="off" className="font-mono text-xs" onChange={(e) => setServerSeed(e.target.value.trim())} />
        )}
      </Field>
      <Field label="Client Seed">
        {(id) => <Input id={id} value={clientSeed} spellCheck={false} autoComplete="off" className="font-mono text-xs" onChange={(e) => setClientSeed(e.target.value)} />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Nonce">
          {(id) => <Input id={id} inputMode="numeric" value={nonce} aria-invalid={nonceN === null} onChange={(e) => setNonce(e.target.value)} />}
        </Field>
        {game === 'mines' && (
          <Field label="Mines">
            {(id) => <Input id={id} type="number" min={1} max={24} value={mines} aria-invalid={settings.mines === null} onChange={(e) => setMines(e.target.value)} />}
          </Field>
        )}
        {game === 'plinko' && (
          <Field label="Rows">
            {(id) => (
              <Input id={id} type="number" min={PLINKO_MIN_ROWS} max={PLINKO_MAX_ROWS} value={rows} aria-invalid={settings.rows === null} onChange={(e) => setRows(e.target.value)} />
            )}
          </Field>
        )}
        {game === 'blackjack' && (
          <Field label="Cards">
            {(id) => <Input id={id} type="number" min={1} max={52} value={cards} aria-invalid={settings.cards === null} onChange={(e) => setCards(e.target.value)} />}
          </Field>
        )}
        {game === 'duckduckgoose' && (
          <Field label="Hunts" hint="Hunts played in the round (a duck ends it).">
            {(id) => <Input id={id} type="number" min={1} max={1000} value={hunts} aria-invalid={settings.hunts === null} onChange={(e) => setHunts(e.target.value)} />}
          </Field>
        )}
      </div>
      {game === 'roulette' && (
        <Field label="Bets" hint="The bets on the table as the game shows them, e.g. 17:0.10, red:0.50. Empty shows the pocket only.">
          {(id) => (
            <Input id={id} value={rouletteBets} spellCheck={false} autoComplete="off" aria-invalid={betsError !== null} className="font-mono text-xs" onChange={(e) => setRouletteBets(e.target.value)} />
          )}
        </Field>
      )}
      {game === 'blackjack' && (
        <Field label="Actions" hint="The actions as the game shows them: hit, stand, double, or none. Empty lists the cards only.">
          {(id) => (
            <Input id={id} value={blackjackActions} spellCheck={false} autoComplete="off" aria-invalid={actionsError !== null} className="font-mono text-xs" onChange={(e) => setBlackjackActions(e.target.value)} />
          )}
        </Field>
      )}
      {game === 'plinko' && (
        <div className="grid gap-1.5">
          <Label htmlFor={riskId}>Risk</Label>
          <Select value={risk} onValueChange={(v) => setRisk(v as PlinkoRisk)}>
            <SelectTrigger id={riskId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PLINKO_RISKS.map((r) => (
                <SelectItem key={r} value={r}>
                  {PLINKO_RISK_LABELS[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {game === 'duckduckgoose' && (
        <div className="grid gap-1.5">
          <Label htmlFor={difficultyId}>Difficulty</Label>
          <Select value={difficulty} onValueChange={(v) => isDdgDifficulty(v) && setDifficulty(v)}>
            <SelectTrigger id={difficultyId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DDG_DIFFICULTIES.map((d) => (
                <SelectItem key={d} value={d}>
                  {DDG_DIFFICULTY_LABELS[d]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      {errors.length > 0 ? (
        <ul className="grid gap-1 text-sm text-muted-foreground" aria-live="polite">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : (
        result && (
          <div className="grid gap-3 rounded-md border bg-muted/40 p-3">
            <output aria-live="polite" aria-label="Verified outcome" className="text-lg font-semibold break-words">
              {result.outcome}
            </output>
            {result.detail && <p className="text-xs text-muted-foreground">{result.detail}</p>}
            <details className="text-xs">
              <summary className="cursor-pointer font-medium">Steps</summary>
              <div className="mt-2 grid gap-2">
                <p className="break-all">
                  <span className="font-medium">SHA-256(server seed):</span> <span className="font-mono">{result.serverSeedHash}</span>
                </p>
                {result.blocks.map((b) => (
                  <p key={b.block} className="break-all">
                    <span className="font-medium">
                      HMAC-SHA256(server seed, {`${clientSeed}:${nonceN}:${b.block}`}):
                    </span>{' '}
                    <span className="font-mono">{b.hex}</span>
                  </p>
                ))}
                <ol className="grid gap-0.5 font-mono" aria-label="Floats used">
                  {result.floats.map((x, i) => (
                    <li key={i}>
                      float {i} = {x.toFixed(12)}
                    </li>
                  ))}
                </ol>
              </div>
            </details>
          </div>
        )
      )}
    </div>
  );
}
