import { Copy, ExternalLink, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { KickSetup } from '@app/shared/api/stream-setup';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';

/** A value to paste into a platform's form: read-only, selected on focus, with a Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: `Copied the ${label}` });
    } catch {
      toast({ title: 'Could not copy: select the address and copy it', variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input id={id} readOnly value={value} className="min-w-0 flex-1 font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copy the ${label}`}>
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
    </div>
  );
}

/** The plain warning when Kick or Twitch cannot post events to APP_ORIGIN (not https, or this machine). */
export function OriginWarning({ warning }: { warning: string | null }) {
  if (!warning) return null;
  return (
    <p role="alert" className="flex gap-2 rounded-md border border-amber-500/60 p-3 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
      <span>{warning}</span>
    </p>
  );
}

/**
 * Everything a streamer copies into Kick before the channel can connect: the app's redirect and
 * webhook URLs, the scopes to tick, where Kick's developer settings are, and the variables to set.
 */
export function KickSetupSteps({ setup }: { setup: KickSetup }) {
  return (
    <div className="grid gap-4 text-sm">
      <OriginWarning warning={setup.originWarning} />
      <ol className="grid list-decimal gap-4 pl-5">
        <DeveloperSettingsStep href={setup.developerSettingsUrl} place="Kick's developer settings" then="and create an app." />
        <li className="grid gap-3">
          <span>Paste these into the app&apos;s form, and switch webhooks on:</span>
          <CopyField label="Redirect URL" value={setup.redirectUrl} />
          <CopyField label="Webhook URL" value={setup.webhookUrl} />
        </li>
        <li className="grid gap-2">
          <span>Tick these scopes:</span>
          <ScopeList label="Scopes to tick" scopes={setup.scopes} />
        </li>
        <SetupVariablesStep variables={setup.variables} />
      </ol>
    </div>
  );
}

/** The first setup step on either platform: open its developer settings (a new tab) and make the app there. */
export function DeveloperSettingsStep({ href, place, then }: { href: string; place: string; then: string }) {
  return (
    <li className="grid gap-2">
      <span>
        Open{' '}
        <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
          {place}
          <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>{' '}
        {then}
      </span>
    </li>
  );
}

/** A platform's OAuth scopes, as badges. */
export function ScopeList({ label, scopes }: { label: string; scopes: string[] }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="outline" className="font-mono">
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The last setup step on either platform: the variables to set, then a restart. */
export function SetupVariablesStep({ variables }: { variables: KickSetup['variables'] }) {
  return (
    <li className="grid gap-2">
      <span>Set these in the server&apos;s environment, then restart it:</span>
      <SetupVariables variables={variables} />
    </li>
  );
}

/** The server's variables for a platform, the required ones first, each Set, Missing or Optional. */
function SetupVariables({ variables }: { variables: KickSetup['variables'] }) {
  const required = variables.filter((v) => v.isRequired);
  const optional = variables.filter((v) => !v.isRequired);
  return (
    <dl className="grid gap-2">
      {[...required, ...optional].map((v) => (
        <div key={v.name} className="grid gap-0.5 sm:grid-cols-[14rem_1fr] sm:gap-3">
          <dt className="flex flex-wrap items-center gap-2">
            <code className="font-mono font-medium">{v.name}</code>
            {v.isSet ? (
              <Badge variant="success">Set</Badge>
            ) : v.isRequired ? (
              <Badge variant="destructive">Missing</Badge>
            ) : (
              <Badge variant="secondary">Optional</Badge>
            )}
          </dt>
          <dd className="text-muted-foreground">{v.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
