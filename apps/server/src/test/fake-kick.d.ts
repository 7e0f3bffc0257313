/**
 * A fake Kick for the tests: a real HTTP server on a free port implementing what kick-api.md
 * describes (OAuth 2.1 authorize and token with PKCE, revoke, /public/v1/users, /channels, /chat,
 * /events/subscriptions, /moderation/bans). It records every call it receives and signs webhook
 * deliveries with a key pair it generates (its public key is the app's KICK_PUBLIC_KEY). No test
 * reaches the internet. The e2e suite starts it too (e2e/support/fake-kick-server.ts).
 */
export type FakeKickCall = {
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
    authorization: string | null;
};
export type FakeKickOptions = {
    clientId?: string;
    clientSecret?: string;
    broadcaster?: {
        userId: number;
        name: string;
        slug: string;
    };
    /** Default a free one. */
    port?: number;
    /** The webhook signing key (PKCS#8 PEM); default a new one. */
    privateKeyPem?: string;
};
export type FakeKick = {
    url: string;
    clientId: string;
    clientSecret: string;
    broadcaster: {
        userId: number;
        name: string;
        slug: string;
    };
    /** PEM (one line with literal \n, as an .env file carries it). */
    publicKeyEnv: string;
    calls: FakeKickCall[];
    /** The bot's messages, in order. */
    chat: {
        content: string;
        type: string;
        replyTo: string | null;
    }[];
    subscriptions: {
        id: string;
        event: string;
    }[];
    /** The next N chat posts answer 429 with this Retry-After (seconds). */
    rateLimitChat: (times: number, retryAfterSeconds: number) => void;
    /** Refresh requests fail (400) while true. */
    failRefresh: boolean;
    /** Whether the channel is live in /channels. */
    live: boolean;
    /** A signed webhook delivery: headers and raw body. */
    delivery: (type: string, body: object, options?: {
        id?: string;
        timestamp?: Date;
    }) => {
        headers: Record<string, string>;
        payload: string;
        id: string;
    };
    close: () => Promise<void>;
};
export declare function startFakeKick(options?: FakeKickOptions): Promise<FakeKick>;
/** The app's environment for this fake Kick. */
export declare function fakeKickEnv(fake: FakeKick): Record<string, string>;
