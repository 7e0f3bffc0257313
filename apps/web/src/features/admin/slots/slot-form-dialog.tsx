import { useState } from 'react';
import { SLOT_UNKNOWN, SLOT_VOLATILITIES, SlotInputSchema, VOLATILITY_LABELS, type Slot, type SlotVolatility } from '@app/shared/api/slots';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { EnumSelect, numberOrNull } from '../components/fields';
import { toastRequestError } from '../components/request-error';
import { useSaveSlot } from './api/admin-slots';
import { fieldErrorsOf } from '@/lib/field-errors';

type FormText = {
  name: string;
  provider: string;
  rtp: string;
  volatility: SlotVolatility | 'unknown';
  maxWin: string;
  year: string;
  imageUrl: string;
  source: string;
};

function textOf(slot: Slot | null): FormText {
  return {
    name: slot?.name ?? '',
    provider: slot?.provider ?? '',
    rtp: slot?.rtp?.toString() ?? '',
    volatility: slot?.volatility ?? 'unknown',
    maxWin: slot?.maxWin?.toString() ?? '',
    year: slot?.year?.toString() ?? '',
    imageUrl: slot?.imageUrl ?? '',
    source: slot?.source ?? '',
  };
}

/** Add (slot null) or edit a slot; SlotInputSchema validates. An empty figure means "not known". */
export function SlotFormDialog({ open, slot, onOpenChange }: { open: boolean; slot: Slot | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{slot ? `Edit ${slot.name}` : 'Add a slot'}</DialogTitle>
          <DialogDescription>Leave a figure empty when it is not known with confidence.</DialogDescription>
        </DialogHeader>
        {open && <SlotForm key={slot?.id ?? 'new'} slot={slot} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SlotForm({ slot, onDone }: { slot: Slot | null; onDone: () => void }) {
  const [text, setText] = useState(() => textOf(slot));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const save = useSaveSlot();
  const set = (field: keyof FormText) => (e: { target: { value: string } }) => setText((t) => ({ ...t, [field]: e.target.value }));

  const submit = async () => {
    const parsed = SlotInputSchema.safeParse({
      name: text.name,
      provider: text.provider,
      rtp: numberOrNull(text.rtp),
      volatility: text.volatility === 'unknown' ? null : text.volatility,
      maxWin: numberOrNull(text.maxWin),
      year: numberOrNull(text.year),
      imageUrl: text.imageUrl.trim() || null,
      source: text.source.trim() || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: slot?.id ?? null, input: parsed.data });
      toast({ title: slot ? `Saved ${saved.name}` : `Added ${saved.name}` });
      onDone();
    } catch (e) {
      toastRequestError(e, 'Could not save the slot');
    }
  };

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" value={text.name} onChange={set('name')} error={errors.name} />
        <FormField label="Provider" value={text.provider} onChange={set('provider')} error={errors.provider} />
        <FormField label="RTP (%)" inputMode="decimal" value={text.rtp} onChange={set('rtp')} error={errors.rtp} />
        <Field label="Volatility" error={errors.volatility}>
          {(control) => (
            <EnumSelect
              value={text.volatility}
              options={['unknown', ...SLOT_VOLATILITIES] as const}
              labelOf={(v) => (v === 'unknown' ? SLOT_UNKNOWN : VOLATILITY_LABELS[v])}
              onChange={(v) => setText((t) => ({ ...t, volatility: v }))}
              control={control}
            />
          )}
        </Field>
        <FormField label="Max win (× bet)" inputMode="numeric" value={text.maxWin} onChange={set('maxWin')} error={errors.maxWin} />
        <FormField label="Release year" inputMode="numeric" value={text.year} onChange={set('year')} error={errors.year} />
      </div>
      <FormField label="Image URL (https)" value={text.imageUrl} onChange={set('imageUrl')} error={errors.imageUrl} />
      <FormField label="Source of the figures" value={text.source} onChange={set('source')} error={errors.source} />
      <DialogFooter>
        <Button type="submit" disabled={save.isPending}>
          {slot ? 'Save' : 'Add slot'}
        </Button>
      </DialogFooter>
    </form>
  );
}
