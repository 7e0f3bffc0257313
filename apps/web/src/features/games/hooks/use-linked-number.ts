import { useState, type ChangeEvent } from 'react';

/**
 * A number field linked to others (Dice's multiplier, threshold and chance; Limbo's target and chance): while the
 * player types, a number that `onValue` takes updates the linked values at once, and one it refuses marks the
 * field invalid; leaving the field shows the canonical value (`format(value)`) again. Spread `inputProps` on the
 * input.
 */
export function useLinkedNumber(value: number, format: (v: number) => string, onValue: (v: number) => boolean) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isInvalid, setIsInvalid] = useState(false);
  return {
    isInvalid,
    inputProps: {
      value: draft ?? format(value),
      'aria-invalid': isInvalid ? true : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setDraft(e.target.value);
        const n = Number(e.target.value);
        setIsInvalid(!(e.target.value.trim() !== '' && Number.isFinite(n) && onValue(n)));
      },
      onBlur: () => {
        setDraft(null);
        setIsInvalid(false);
      },
    },
  };
}
