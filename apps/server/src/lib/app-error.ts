import { ERROR_STATUS, type ErrorCode } from '@app/shared/api/error-codes';

type AppErrorOptions = {
  /** Response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Extra fields of the envelope (e.g. `shortfall` on INSUFFICIENT_POINTS). */
  extra?: Record<string, unknown>;
};

/**
 * The one error type services throw. The code decides the HTTP status (ERROR_STATUS in
 * packages/shared), so a code means the same status everywhere; the error plugin writes the envelope.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}
