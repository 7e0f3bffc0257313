import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * A game's play modes (Manual, Auto, ...): the full-width tab list and the panels (`ModePanel`). While `disabled`
 * (a round or a run is on) every tab is locked and choosing one does nothing.
 */
export function ModeTabs<M extends string>({
  modes,
  value,
  onChange,
  disabled,
  children,
}: {
  modes: ReadonlyArray<{ value: M; label: string }>;
  value: M;
  onChange: (mode: M) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(v) => !disabled && onChange(v as M)}>
      <TabsList className="w-full">
        {modes.map((mode) => (
          <TabsTrigger key={mode.value} value={mode.value} disabled={disabled}>
            {mode.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}

/** The panel of one play mode. */
export function ModePanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsContent value={value} className="flex flex-col gap-4 pt-2">
      {children}
    </TabsContent>
  );
}
