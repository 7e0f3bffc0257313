import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/** The full-width tab list of a game's play modes (Manual, Auto, ...); all are locked while a run is on. */
export function ModeTabsList({ modes, disabled }: { modes: ReadonlyArray<{ value: string; label: string }>; disabled: boolean }) {
  return (
    <TabsList className="w-full">
      {modes.map((mode) => (
        <TabsTrigger key={mode.value} value={mode.value} disabled={disabled}>
          {mode.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
