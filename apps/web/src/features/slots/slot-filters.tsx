import { SLOT_VOLATILITIES, VOLATILITY_LABELS, type SlotVolatility } from '@app/shared/api/slots';
import { Field, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SlotFilterValues = {
  provider?: string;
  volatility?: SlotVolatility;
  rtpMin?: number;
  rtpMax?: number;
};

const ALL = 'all';

function rtpOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

/** Provider, volatility and RTP range: the filters Slot Hub and the picker share. */
export function SlotFilters({
  value,
  providers,
  onChange,
}: {
  value: SlotFilterValues;
  providers: readonly string[];
  onChange: (value: SlotFilterValues) => void;
}) {
  return (
    <>
      <Field label="Provider">
        {(control) => (
          <Select value={value.provider ?? ALL} onValueChange={(v) => onChange({ ...value, provider: v === ALL ? undefined : v })}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All providers</SelectItem>
              {providers.map((p) => (
                <SelectItem key={p} value={p}>
                  {p}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label="Volatility">
        {(control) => (
          <Select value={value.volatility ?? ALL} onValueChange={(v) => onChange({ ...value, volatility: v === ALL ? undefined : (v as SlotVolatility) })}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Any volatility</SelectItem>
              {SLOT_VOLATILITIES.map((v) => (
                <SelectItem key={v} value={v}>
                  {VOLATILITY_LABELS[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <FormField
        label="RTP from (%)"
        inputMode="decimal"
        placeholder="e.g. 96"
        defaultValue={value.rtpMin ?? ''}
        onChange={(e) => onChange({ ...value, rtpMin: rtpOf(e.target.value) })}
      />
      <FormField
        label="RTP to (%)"
        inputMode="decimal"
        placeholder="e.g. 97"
        defaultValue={value.rtpMax ?? ''}
        onChange={(e) => onChange({ ...value, rtpMax: rtpOf(e.target.value) })}
      />
    </>
  );
}
