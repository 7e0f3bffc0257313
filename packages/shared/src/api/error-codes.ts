/**
 * Every stable machine code of the error envelope and the one HTTP status it always has. The
 * server's AppError takes its status from here, and the web's ApiError types `code` with it.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong.
  /** A body, query or path that does not match its schema (unknown fields too). */
  VALIDATION_ERROR: 400,
  /** A body that says it is JSON and is not (or is empty). */
  INVALID_JSON: 400,
  /** Any other malformed request (e.g. a Content-Length that does not match the body). */
  BAD_REQUEST: 400,
  /** The password is on the common-password list. */
  WEAK_PASSWORD: 400,
  /** verify-email or reset-password with an unknown, used or expired token. */
  INVALID_TOKEN: 400,
  /** A wrong code for the signed-in user's own second factor (enrol, step up, turn off). */
  WRONG_CODE: 400,
  /** The signed-in user's current password, asked again before a sensitive change, is wrong. */
  WRONG_PASSWORD: 400,
  /** A wager CSV that cannot be read. */
  MALFORMED_CSV: 400,
  /** A Kick webhook with missing headers or an unreadable body. */
  BAD_WEBHOOK: 400,
  /** An outgoing webhook URL that is not http(s) or resolves to a private, loopback, link-local or metadata address. */
  WEBHOOK_URL_NOT_ALLOWED: 400,
  /** A Kick webhook more than 5 minutes off. */
  STALE_TIMESTAMP: 400,
  /** The Kick OAuth callback with an unknown, used, expired or foreign state. */
  INVALID_OAUTH_STATE: 400,
  // 401: who is calling is not established.
  /** No, bad or expired access token, or no/bad/reused refresh cookie. */
  UNAUTHORIZED: 401,
  /** Wrong e-mail/username or password (one message for both). */
  INVALID_CREDENTIALS: 401,
  /** The second step of a login: a wrong, replayed or expired code, or an unknown, used or expired mfaToken. */
  INVALID_CODE: 401,
  /** A Kick webhook whose signature does not verify. */
  INVALID_SIGNATURE: 401,
  // 403: known caller, not allowed.
  /** A call that needs an admin. */
  FORBIDDEN: 403,
  /** A public API call whose token lacks the scope the call needs. */
  MISSING_SCOPE: 403,
  /** The Origin header of a cookie call is not APP_ORIGIN. */
  BAD_ORIGIN: 403,
  /** A call that needs a verified e-mail. */
  EMAIL_NOT_VERIFIED: 403,
  /** An admin call from a session that did not pass the second factor (ADMIN_MFA=required). */
  MFA_REQUIRED: 403,
  /** Login or refresh of a permanently banned user. */
  ACCOUNT_BANNED: 403,
  /** A spend or entry the user's restriction blocks (with `restriction` in the body). */
  RESTRICTED: 403,
  /** An admin restricting themselves or another admin. */
  CANNOT_RESTRICT_ADMIN: 403,
  /** An admin granting or revoking their own points, or approving or declining their own order. */
  OWN_ACCOUNT_ACT: 403,
  /** Changing a saved payout address without the current password, or with a wrong one. */
  CURRENT_PASSWORD_REQUIRED: 403,
  /** A reward or raffle whose requirements the user does not meet. */
  REQUIREMENTS_NOT_MET: 403,
  /** A Deal or No Deal move by someone who is not the round's contestant. */
  NOT_CONTESTANT: 403,
  /** A King of the Hill claim by a member below the VIP tier Bronze (verified wager under $1,000). */
  NOT_VIP: 403,
  // 404
  NOT_FOUND: 404,
  /** The Kick webhook without KICK_PUBLIC_KEY. */
  KICK_NOT_CONFIGURED: 404,
  /** A Kick channel call without KICK_CLIENT_ID and KICK_CLIENT_SECRET. */
  STREAM_NOT_CONFIGURED: 404,
  // 409: the state does not allow it now.
  USERNAME_TAKEN: 409,
  /** The user already linked a username at this platform. */
  CASINO_ACCOUNT_EXISTS: 409,
  /** This casino username is verified for another user. */
  CASINO_USERNAME_TAKEN: 409,
  /** Two-factor sign-in is already on (enrol) or off (disable). */
  MFA_ALREADY_ENABLED: 409,
  MFA_NOT_ENABLED: 409,
  /** With `shortfall` in the body. */
  INSUFFICIENT_POINTS: 409,
  SOLD_OUT: 409,
  REWARD_UNAVAILABLE: 409,
  ORDER_ALREADY_DECIDED: 409,
  RAFFLE_CLOSED: 409,
  ALREADY_ENTERED: 409,
  /** Delete, or change the cost of, a raffle with entries. */
  RAFFLE_HAS_ENTRIES: 409,
  /** Draw before the end. */
  RAFFLE_NOT_ENDED: 409,
  RAFFLE_ALREADY_DRAWN: 409,
  ALREADY_CLAIMED: 409,
  ALREADY_PAID: 409,
  ALREADY_REMOVED: 409,
  RACE_NOT_COMPLETED: 409,
  /** A slot of that name and provider is already in Slot Hub. */
  SLOT_EXISTS: 409,
  /** A hunt act its status does not allow (a guess or a new bonus after collecting, a win before opening, a step back). */
  HUNT_WRONG_STATUS: 409,
  /** Finishing a hunt with unopened bonuses, or opening one without bonuses. */
  HUNT_INCOMPLETE: 409,
  /** The picker's filters leave no slot. */
  NO_SLOTS_MATCH: 409,
  /** A King of the Hill claim whose multiplier does not beat the current king's. */
  KING_NOT_BEATEN: 409,
  /** A King of the Hill claim that was already verified or declined. */
  CLAIM_ALREADY_DECIDED: 409,
  /** A challenge claim outside the challenge's window (not started, ended or its winners full). */
  CHALLENGE_CLOSED: 409,
  /** A second claim on a challenge while the member's earlier one is pending or verified. */
  CHALLENGE_ALREADY_CLAIMED: 409,
  /** Editing a completed challenge, or setting its winners below those who have won. */
  CHALLENGE_COMPLETED: 409,
  /** Verifying a challenge claim while an earlier claim on it is still pending (claims are decided in submission order). */
  EARLIER_CLAIM_PENDING: 409,
  /** A stake on a prediction that has locked (its window passed or the admin locked it) or ended. */
  PREDICTION_LOCKED: 409,
  /** A stake on a second outcome of a prediction (one outcome per member). */
  PREDICTION_OTHER_OUTCOME: 409,
  /** Resolving, cancelling or locking a prediction that has ended (or locking a locked one). */
  PREDICTION_ENDED: 409,
  /** Opening a prediction while another is open or locked (one runs at a time). */
  PREDICTION_RUNNING: 409,
  /** The same Idempotency-Key while the first request is still running. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** A Kick webhook message id seen before. */
  REPLAYED_MESSAGE: 409,
  /** A stream call that needs the connected Kick channel. */
  STREAM_NOT_CONNECTED: 409,
  /** A custom chat command with the name of another (or of a built-in one). */
  COMMAND_EXISTS: 409,
  /** Confirming a Kick link whose Kick account is linked elsewhere (or the profile has one). */
  KICK_ACCOUNT_TAKEN: 409,
  /** A chat giveaway act its state does not allow (a second open giveaway, closing a closed one, drawing an open one, ...). */
  GIVEAWAY_WRONG_STATUS: 409,
  /** A chat giveaway started while no chat is connected (a test giveaway, from the Test chat, is allowed). */
  NO_CHAT_CONNECTED: 409,
  /** A redraw before the unlinked winner's 48 hours to link and claim have passed. */
  REDRAW_TOO_EARLY: 409,
  /** A Deal or No Deal act the round's status or stage does not allow now (e.g. joining a round in play, a case already open). */
  DEAL_OR_NO_DEAL_WRONG_STATUS: 409,
  /** A new Deal or No Deal round while another one is not finished. */
  DEAL_OR_NO_DEAL_ROUND_LIVE: 409,
  // Other statuses.
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The same Idempotency-Key with another request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** With Retry-After. */
  RATE_LIMITED: 429,
  /** Something failed on the server; the message is never the internal one. */
  INTERNAL: 500,
  /** Kick's API refused or could not be reached. */
  KICK_UNAVAILABLE: 502,
  /** Twitch's API refused or could not be reached. */
  TWITCH_UNAVAILABLE: 502,
  /** The database is unreachable or too slow; with Retry-After. */
  DB_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

/** A stable machine code of the error envelope. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Whether a string is one of the known error codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}
