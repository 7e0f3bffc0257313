import { BarChart3, Maximize, Minimize, MonitorUp, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CURRENCIES, isCurrencyCode } from '@app/shared/games/currencies';
import { useGameCurrency } from './game-context';
import type { FullscreenControl } from './use-fullscreen';

type GameToolbarProps = {
  fullscreen: FullscreenControl;
  isLiveStatsOpen: boolean;
  onToggleLiveStats(): void;
  isBigger: boolean;
  onToggleBigger(): void;
  onOpenFairness(): void;
};

/** The game page toolbar (spec 2 §2): full screen, Live stats, 'Bigger screen', Fairness, currency. */
export function GameToolbar({ fullscreen, isLiveStatsOpen, onToggleLiveStats, isBigger, onToggleBigger, onOpenFairness }: GameToolbarProps) {
  const currency = useGameCurrency();
  return (
    <div role="toolbar" aria-label="Game tools" className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2">
      <Button
        variant="ghost"
        size="icon"
        aria-label={fullscreen.isFullscreen ? 'Exit full screen' : 'Enter full screen'}
        title={fullscreen.isSupported ? undefined : 'Full screen is not available in this browser'}
        disabled={!fullscreen.isSupported}
        onClick={fullscreen.toggle}
      >
        {fullscreen.isFullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
      </Button>
      <Button variant={isLiveStatsOpen ? 'secondary' : 'ghost'} size="sm" aria-pressed={isLiveStatsOpen} onClick={onToggleLiveStats}>
        <BarChart3 aria-hidden="true" />
        Live stats
      </Button>
      <Button variant={isBigger ? 'secondary' : 'ghost'} size="sm" aria-pressed={isBigger} onClick={onToggleBigger}>
        <MonitorUp aria-hidden="true" />
        Bigger screen
      </Button>
      <Button variant="ghost" size="sm" onClick={onOpenFairness}>
        <ShieldCheck aria-hidden="true" />
        Fairness
      </Button>
      <div className="ml-auto">
        <Select value={currency.code} onValueChange={(v) => isCurrencyCode(v) && currency.setCurrency(v)}>
          <SelectTrigger size="sm" aria-label="Currency" className="w-24">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CURRENCIES.map((c) => (
              <SelectItem key={c.code} value={c.code}>
                {c.code}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
