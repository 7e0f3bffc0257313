import { z } from 'zod';

/** What a streamer copies into Kick's developer settings before the channel can connect. */
const KickSetupSchema = z.object({
  /** APP_ORIGIN/api/integrations/kick/callback: the app's Redirect URL at Kick. */
  redirectUrl: z.url(),
  /** APP_ORIGIN/api/integrations/kick/webhook: where Kick delivers events (Webhook URL, with webhooks switched on). */
  webhookUrl: z.url(),
  /** The scopes to tick on Kick's app form. */
  scopes: z.array(z.string()),
  /** Kick's developer settings, where the app is created. */
  developerSettingsUrl: z.url(),
  /** The server's variables: the required ones, then the optional ones. */
  variables: z.array(z.object({ name: z.string(), isSet: z.boolean(), isRequired: z.boolean(), hint: z.string() })),
  /** Why Kick cannot deliver events to APP_ORIGIN (not https, or this machine), or null when it can. */
  originWarning: z.string().nullable(),
});
export type KickSetup = z.infer<typeof KickSetupSchema>;

/** GET /api/admin/stream/setup. */
export const StreamSetupSchema = z.object({ kick: KickSetupSchema });
export type StreamSetup = z.infer<typeof StreamSetupSchema>;
