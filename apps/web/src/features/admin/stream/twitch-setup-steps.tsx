import { ExternalLink } from 'lucide-react';
import type { TwitchSetup } from '@app/shared/api/stream-setup';
import { Badge } from '@/components/ui/badge';
import { CopyField, OriginWarning, SetupVariables } from './kick-setup-card';

/**
 * Everything a streamer does at Twitch before the channel can connect: register an application with
 * this site's OAuth Redirect URL, and set the variables. The server subscribes to the channel's
 * events itself (EventSub, to the address shown) and asks for the scopes listed when connecting.
 */
export function TwitchSetupSteps({ setup }: { setup: TwitchSetup }) {
  return (
    <div className="grid gap-4 text-sm">
      <OriginWarning warning={setup.originWarning} />
      <ol className="grid list-decimal gap-4 pl-5">
        <li className="grid gap-2">
          <span>
            Open{' '}
            <a href={setup.developerSettingsUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
              Twitch&apos;s developer console
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            and register an application (client type Confidential).
          </span>
        </li>
        <li className="grid gap-3">
          <span>Add this as the application&apos;s OAuth Redirect URL:</span>
          <CopyField label="Twitch Redirect URL" value={setup.redirectUrl} />
        </li>
        <li className="grid gap-2">
          <span>
            Nothing else to paste: when you connect, the server asks for these scopes and subscribes to the channel&apos;s events at{' '}
            <code className="font-mono break-all">{setup.webhookUrl}</code>.
          </span>
          <ul aria-label="Scopes asked for" className="flex flex-wrap gap-1.5">
            {setup.scopes.map((scope) => (
              <li key={scope}>
                <Badge variant="outline" className="font-mono">
                  {scope}
                </Badge>
              </li>
            ))}
          </ul>
        </li>
        <li className="grid gap-2">
          <span>Set these in the server&apos;s environment, then restart it:</span>
          <SetupVariables variables={setup.variables} />
        </li>
      </ol>
    </div>
  );
}
