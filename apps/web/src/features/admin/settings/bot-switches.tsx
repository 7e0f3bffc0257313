import { useId } from 'react';
import type { BotFeature } from '@app/shared/api/admin';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { toastRequestError } from '../components/request-error';
import { useSetBotFeature } from './api/set-bot-feature';

/** What a switch's line says: a switch that is on while no chat is connected does nothing yet, and says so. */
export function botSwitchState(isOn: boolean, isChatConnected: boolean | undefined): string {
  if (!isOn) return 'Inactive';
  return isChatConnected === false ? 'On · no channel connected' : 'Active';
}

function BotSwitch({ feature, isChatConnected }: { feature: BotFeature; isChatConnected: boolean | undefined }) {
  const id = useId();
  const set = useSetBotFeature();
  const pending = set.isPending ? set.variables?.status : undefined;
  const checked = pending ?? feature.status;
  const onChange = async (status: boolean) => {
    try {
      await set.mutateAsync({ id: feature.id, status });
      toast({ title: `${feature.name} ${status ? 'enabled' : 'disabled'}` });
    } catch (e) {
      toastRequestError(e, 'Switch failed');
    }
  };
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{feature.name}</Label>
        <span id={`${id}-description`} className="text-xs text-muted-foreground">
          {feature.description} · {botSwitchState(checked, isChatConnected)}
        </span>
      </div>
      <Switch id={id} checked={checked} disabled={set.isPending} aria-describedby={`${id}-description`} onCheckedChange={(v) => void onChange(v)} />
    </li>
  );
}

/**
 * spec 2 §3, §4: a switch per bot feature (Active or Inactive), saved on the server. Given
 * `isChatConnected` false, a switch that is on reads "On · no channel connected" instead of Active.
 */
export function BotSwitches({ features, isChatConnected }: { features: BotFeature[]; isChatConnected?: boolean }) {
  if (features.length === 0) return <p className="text-sm text-muted-foreground">No bot features.</p>;
  return (
    <ul className="grid gap-3">
      {features.map((f) => (
        <BotSwitch key={f.id} feature={f} isChatConnected={isChatConnected} />
      ))}
    </ul>
  );
}
