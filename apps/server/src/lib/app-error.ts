/** The one error type services throw; the error plugin maps `status` and `code` to the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the envelope (e.g. `shortfall` on INSUFFICIENT_POINTS). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
