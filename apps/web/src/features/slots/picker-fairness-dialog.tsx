import { useMemo, useState } from 'react';
import type { PickSeed, SlotPick } from '@app/shared/api/slots';
import { hmacBlockHex, sha256Hex } from '@app/shared/fairness/engine';
import { verifySlotPick } from '@app/shared/fairness/slot-picker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const textareaClass =
  'min-h-28 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:bg-input/30';

type VerifyInput = { serverSeed: string; clientSeed: string; nonce: string; slotIds: string };

function inputOf(pick: SlotPick | null): VerifyInput {
  return pick
    ? { serverSeed: pick.serverSeed, clientSeed: pick.clientSeed, nonce: String(pick.nonce), slotIds: pick.slotIds.join('\n') }
    : { serverSeed: '', clientSeed: '', nonce: '0', slotIds: '' };
}

/**
 * The picker's Fairness dialog: the seeds of the next pick, and a Verify tab that reproduces a pick
 * in the browser from the server seed, client seed, nonce and the exact list (the shared verifier).
 */
export function PickerFairnessDialog({
  open,
  onOpenChange,
  pick,
  next,
  clientSeed,
  names,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pick: SlotPick | null;
  next: PickSeed | undefined;
  clientSeed: string;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Fairness</DialogTitle>
          <DialogDescription>Each pick is HMAC-SHA256 of the seeds, mapped to an index of the published list.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={pick ? 'verify' : 'seeds'}>
          <TabsList>
            <TabsTrigger value="seeds">Seeds</TabsTrigger>
            <TabsTrigger value="verify">Verify</TabsTrigger>
          </TabsList>
          <TabsContent value="seeds" className="grid gap-3 text-sm">
            <Row term="Client seed" value={clientSeed} />
            <Row term="Server seed hash (next pick)" value={next?.serverSeedHash ?? 'Sign in to get one'} />
            <Row term="Nonce (next pick)" value={next ? String(next.nonce) : '–'} />
            {pick && <Row term="Last server seed (revealed)" value={pick.serverSeed} />}
          </TabsContent>
          <TabsContent value="verify">
            <VerifyForm key={pick?.id ?? 'empty'} initial={inputOf(pick)} names={names} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <span className="text-xs text-muted-foreground">{term}</span>
      <code className="break-all">{value}</code>
    </div>
  );
}

function VerifyForm({ initial, names }: { initial: VerifyInput; names: ReadonlyMap<string, string> }) {
  const [input, setInput] = useState(initial);
  const set = (field: keyof VerifyInput) => (e: { target: { value: string } }) => setInput((v) => ({ ...v, [field]: e.target.value }));
  const result = useMemo(() => {
    const ids = input.slotIds
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const nonce = Number(input.nonce);
    if (!input.serverSeed || ids.length === 0 || !Number.isInteger(nonce) || nonce < 0) return null;
    const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce };
    return { ...verifySlotPick(seeds, ids), count: ids.length, hash: sha256Hex(input.serverSeed), block: hmacBlockHex(seeds, 0) };
  }, [input]);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Server seed" value={input.serverSeed} onChange={set('serverSeed')} className="font-mono" />
        <FormField label="Client seed" value={input.clientSeed} onChange={set('clientSeed')} className="font-mono" />
        <FormField label="Nonce" inputMode="numeric" value={input.nonce} onChange={set('nonce')} />
      </div>
      <Field label="Slot list (one id per line, in order)">
        <textarea className={textareaClass} value={input.slotIds} onChange={set('slotIds')} spellCheck={false} />
      </Field>
      {result ? (
        <section aria-label="Verification result" className="grid gap-2 rounded-lg border p-3 text-sm">
          <Row term="Server seed hash" value={result.hash} />
          <Row term={`List digest (${result.count} slots)`} value={result.listDigest} />
          <Row term="HMAC block 0" value={result.block} />
          <Row term="Float" value={result.float.toFixed(12)} />
          <Row term="Index (floor(float × list length))" value={String(result.index)} />
          <p className="text-base font-semibold" aria-live="polite">
            Picked: {names.get(result.slotId) ?? result.slotId}
          </p>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">Enter a server seed, a nonce and the list to verify a pick.</p>
      )}
    </div>
  );
}
