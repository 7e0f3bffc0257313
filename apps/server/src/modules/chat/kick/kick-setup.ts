import type { KickSetup } from '@app/shared/api/stream-setup';
import type { Config } from '../../../config.ts';
import { STREAM_SCOPES } from '../stream-context.ts';

export const KICK_CALLBACK_PATH = '/api/integrations/kick/callback';
export const KICK_WEBHOOK_PATH = '/api/integrations/kick/webhook';
const KICK_DEVELOPER_SETTINGS = 'https://kick.com/settings/developer';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * Why a platform cannot deliver webhooks to this APP_ORIGIN, or null: Kick (like Twitch) posts
 * events only to a public HTTPS address, so an http:// origin or one on this machine gets none.
 */
export function publicOriginProblem(appOrigin: string, platform: string): string | null {
  const url = new URL(appOrigin);
  const host = url.hostname.toLowerCase();
  const isLocal = LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
  if (!isLocal && url.protocol === 'https:') return null;
  const why = isLocal ? 'points at this machine' : 'is not https';
  return (
    `APP_ORIGIN (${appOrigin}) ${why}: ${platform} cannot deliver events there, so chat, follows and subscriptions never arrive. ` +
    'Use a public HTTPS address, or a tunnel (e.g. cloudflared or ngrok) and its https:// address, as APP_ORIGIN.'
  );
}

/** The Stream screen's Kick setup card: the URLs and scopes to copy into Kick, and the variables to set. */
export function kickSetup(config: Config): KickSetup {
  return {
    redirectUrl: `${config.appOrigin}${KICK_CALLBACK_PATH}`,
    webhookUrl: `${config.appOrigin}${KICK_WEBHOOK_PATH}`,
    scopes: STREAM_SCOPES.split(' '),
    developerSettingsUrl: KICK_DEVELOPER_SETTINGS,
    variables: [
      { name: 'KICK_CLIENT_ID', isSet: Boolean(config.kick.clientId), isRequired: true, hint: "Your Kick app's Client ID." },
      { name: 'KICK_CLIENT_SECRET', isSet: Boolean(config.kick.clientSecret), isRequired: true, hint: "Your Kick app's Client Secret." },
      {
        name: 'KICK_PUBLIC_KEY',
        isSet: Boolean(config.kickPublicKey),
        isRequired: false,
        hint: "Optional: unset, the server reads Kick's public key from Kick and reads it again when Kick changes it.",
      },
      {
        name: 'APP_ORIGIN',
        isSet: config.appOrigin !== `http://localhost:${config.port}`,
        isRequired: true,
        hint: `This site's public https:// address (now ${config.appOrigin}).`,
      },
    ],
    originWarning: publicOriginProblem(config.appOrigin, 'Kick'),
  };
}
