import type { TwitchSetup } from '@app/shared/api/stream-setup';
import { CopyField, DeveloperSettingsStep, OriginWarning, ScopeList, SetupVariablesStep } from './kick-setup-card';

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
        <DeveloperSettingsStep
          href={setup.developerSettingsUrl}
          place="Twitch's developer console"
          then="and register an application (client type Confidential)."
        />
        <li className="grid gap-3">
          <span>Add this as the application&apos;s OAuth Redirect URL:</span>
          <CopyField label="Twitch Redirect URL" value={setup.redirectUrl} />
        </li>
        <li className="grid gap-2">
          <span>
            Nothing else to paste: when you connect, the server asks for these scopes and subscribes to the channel&apos;s events at{' '}
            <code className="font-mono break-all">{setup.webhookUrl}</code>.
          </span>
          <ScopeList label="Scopes asked for" scopes={setup.scopes} />
        </li>
        <SetupVariablesStep variables={setup.variables} />
      </ol>
    </div>
  );
}
