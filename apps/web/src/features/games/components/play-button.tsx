import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A game's main button (Bet, Spin, Start, Cashout), full width. While `isBusy` (its round plays) it is disabled and
 * says `busyText` ("Rolling...") when there is one.
 */
export function PlayButton({
  isBusy = false,
  busyText,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'className' | 'size'> & { isBusy?: boolean; busyText?: string }) {
  return (
    <Button className="w-full" size="lg" disabled={disabled || isBusy} {...props}>
      {isBusy && busyText ? busyText : children}
    </Button>
  );
}
