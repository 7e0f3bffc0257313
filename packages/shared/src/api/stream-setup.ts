import { z } from 'zod';

/** What a streamer copies into a platform's developer settings (Kick's, Twitch's) before the channel can connect. */
const ChatSetupSchema = z.object({
  /** APP_ORIGIN/api/integrations/<platform>/callback: the app's Redirect URL at the platform. */
  redirectUrl: z.url(),
  /** Where the platform delivers events: Kick's Webhook URL (pasted on its form), Twitch's EventSub callback (the server subscribes with it). */
  webhookUrl: z.url(),
  /** The scopes: ticked on Kick's app form; asked for by the server when connecting to Twitch. */
  scopes: z.array(z.string()),
  /** The platform's developer settings, where the app is created. */
  developerSettingsUrl: z.url(),
  /** The server's variables: the required ones, then the optional ones. */
  variables: z.array(z.object({ name: z.string(), isSet: z.boolean(), isRequired: z.boolean(), hint: z.string() })),
  /** Why the platform cannot deliver events to APP_ORIGIN (not https, or this machine), or null when it can. */
  originWarning: z.string().nullable(),
});
export type KickSetup = z.infer<typeof ChatSetupSchema>;
export type TwitchSetup = z.infer<typeof ChatSetupSchema>;

/** GET /api/admin/stream/setup. */
export const StreamSetupSchema = z.object({ kick: ChatSetupSchema, twitch: ChatSetupSchema });
export type StreamSetup = z.infer<typeof StreamSetupSchema>;
