import type { TwitchSetup } from '@app/shared/api/stream-setup';
import type { Config } from '../../../config.ts';
import { publicOriginProblem } from '../kick/kick-setup.ts';
import { TWITCH_CALLBACK_PATH, TWITCH_EVENTSUB_PATH, TWITCH_SCOPES } from './twitch-connection.ts';

const TWITCH_DEVELOPER_CONSOLE = 'https://dev.twitch.tv/console/apps';

/**
 * The Stream screen's Twitch setup card: the OAuth Redirect URL to register in Twitch's developer
 * console, where EventSub delivers (the server subscribes with it), the scopes it asks for when the
 * channel connects, and the variables to set.
 */
export function twitchSetup(config: Config): TwitchSetup {
  return {
    redirectUrl: `${config.appOrigin}${TWITCH_CALLBACK_PATH}`,
    webhookUrl: `${config.appOrigin}${TWITCH_EVENTSUB_PATH}`,
    scopes: TWITCH_SCOPES.split(' '),
    developerSettingsUrl: TWITCH_DEVELOPER_CONSOLE,
    variables: [
      { name: 'TWITCH_CLIENT_ID', isSet: Boolean(config.twitch.clientId), isRequired: true, hint: "Your Twitch application's Client ID." },
      { name: 'TWITCH_CLIENT_SECRET', isSet: Boolean(config.twitch.clientSecret), isRequired: true, hint: "Your Twitch application's Client Secret." },
      {
        name: 'TWITCH_EVENTSUB_SECRET',
        isSet: Boolean(config.twitch.eventsubSecret),
        isRequired: true,
        hint: 'A secret of your choice, 10 to 100 characters: Twitch signs every event with it.',
      },
      {
        name: 'APP_ORIGIN',
        isSet: config.appOrigin !== `http://localhost:${config.port}`,
        isRequired: true,
        hint: `This site's public https:// address (now ${config.appOrigin}).`,
      },
    ],
    originWarning: publicOriginProblem(config.appOrigin, 'Twitch'),
  };
}
