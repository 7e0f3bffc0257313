import { RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { VerifyField } from '../game-definition';
import { useFairness } from './fairness-store';
import type { VerifyRequest } from './verify-request';
import { DEFAULT_VERIFY_SETTINGS, VERIFY_GAMES, isVerifyGame, verifierOf, verifyRound, type VerifyGame, type VerifySettings } from './verify';

type FairnessDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The game of the page, preselected in Verify when the engine supports it. */
  defaultGame?: string;
  /** A round to verify: the dialog opens on Verify with its seeds and settings filled in. */
  request?: VerifyRequest;
};

/** 'Provably Fair' dialog: Seeds (the active pair, rotation) and Verify (recompute any round). */
export function FairnessDialog({ open, onOpenChange, defaultGame, request }: FairnessDialogProps) {
  const [tab, setTab] = useState(request ? 'verify' : 'seeds');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Provably Fair</DialogTitle>
          <DialogDescription>
            Every outcome comes from HMAC-SHA256 of your client seed, a nonce and a server seed whose hash you see before you play.
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
            <VerifyTab defaultGame={request?.game ?? defaultGame} request={request} />
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

/** What one field of a game's verify form reads: the setting's value, or why it cannot be read. */
function readField(field: VerifyField, text: string): { value: unknown; error: string | null } {
  switch (field.kind) {
    case 'number': {
      const value = clampInt(text, field.min, field.max);
      return { value, error: value === null ? `${field.label} must be a whole number from ${field.min} to ${field.max}.` : null };
    }
    case 'text':
      return { value: text, error: field.error(text) };
    case 'select':
      return { value: text, error: null };
  }
}

/** The text each setting's field starts with, from the verifiers' defaults. */
function initialDrafts(): Record<string, string> {
  return Object.fromEntries(Object.entries(DEFAULT_VERIFY_SETTINGS).map(([key, value]) => [key, String(value)]));
}

function VerifyTab({ defaultGame, request }: { defaultGame?: string; request?: VerifyRequest }) {
  const f = useFairness();
  const [game, setGame] = useState<VerifyGame>(() => (defaultGame && isVerifyGame(defaultGame) ? defaultGame : 'dice'));
  const [serverSeed, setServerSeed] = useState(() => request?.serverSeed ?? f.previousServerSeed ?? '');
  const [clientSeed, setClientSeed] = useState(() => request?.clientSeed ?? f.previousClientSeed ?? f.clientSeed);
  const [nonce, setNonce] = useState(() => String(request?.nonce ?? 0));
  // One text per setting, kept while the game changes (as the player typed it).
  const [drafts, setDrafts] = useState(() => ({ ...initialDrafts(), ...request?.settings }));
  const gameId = useId();

  const fields = verifierOf(game).fields ?? [];
  const read = fields.map((field) => ({ field, ...readField(field, drafts[field.key] ?? '') }));
  const setDraft = (key: string, text: string) => setDrafts((d) => ({ ...d, [key]: text }));

  const nonceN = clampInt(nonce, 0, Number.MAX_SAFE_INTEGER);
  const errors: string[] = [];
  if (!serverSeed) errors.push('Enter the server seed.');
  if (!clientSeed) errors.push('Enter the client seed.');
  if (nonceN === null) errors.push('Nonce must be a whole number of 0 or more.');
  // The number fields' messages first, then the texts' (Cards before Actions).
  for (const kind of ['number', 'text'] as const) {
    for (const r of read) if (r.field.kind === kind && r.error) errors.push(r.error);
  }

  const settings = { ...DEFAULT_VERIFY_SETTINGS, ...Object.fromEntries(read.map((r) => [r.field.key, r.value])) } as VerifySettings;
  const result = errors.length === 0 ? verifyRound(game, { serverSeed, clientSeed, nonce: nonceN! }, settings) : null;

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
          <Input
            id={id}
            value={serverSeed}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            onChange={(e) => setServerSeed(e.target.value.trim())}
          />
        )}
      </Field>
      <Field label="Client Seed">
        {(id) => (
          <Input
            id={id}
            value={clientSeed}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            onChange={(e) => setClientSeed(e.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Nonce">
          {(id) => <Input id={id} inputMode="numeric" value={nonce} aria-invalid={nonceN === null} onChange={(e) => setNonce(e.target.value)} />}
        </Field>
        {read.map(({ field, error }) =>
          field.kind === 'number' ? (
            <Field key={field.key} label={field.label} hint={field.hint}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  min={field.min}
                  max={field.max}
                  value={drafts[field.key]}
                  aria-invalid={error !== null}
                  onChange={(e) => setDraft(field.key, e.target.value)}
                />
              )}
            </Field>
          ) : null,
        )}
      </div>
      {read.map(({ field, error }) =>
        field.kind === 'text' ? (
          <Field key={field.key} label={field.label} hint={field.hint}>
            {(id) => (
              <Input
                id={id}
                value={drafts[field.key]}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={error !== null}
                className="font-mono text-xs"
                onChange={(e) => setDraft(field.key, e.target.value)}
              />
            )}
          </Field>
        ) : null,
      )}
      {fields.map((field) =>
        field.kind === 'select' ? <SelectField key={field.key} field={field} value={drafts[field.key] ?? ''} onChange={(v) => setDraft(field.key, v)} /> : null,
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
                    <span className="font-medium">HMAC-SHA256(server seed, {`${clientSeed}:${nonceN}:${b.block}`}):</span>{' '}
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

function SelectField({ field, value, onChange }: { field: Extract<VerifyField, { kind: 'select' }>; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{field.label}</Label>
      <Select value={value} onValueChange={(v) => field.options.some((o) => o.value === v) && onChange(v)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {field.options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
