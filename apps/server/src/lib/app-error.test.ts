import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '@app/shared/api/error-codes';
import { AppError } from './app-error.ts';

describe('AppError', () => {
  it('takes its status from the code, so a code has one status everywhere', () => {
    expect(new AppError('INVALID_CODE', 'x').status).toBe(401);
    expect(new AppError('WRONG_CODE', 'x').status).toBe(400);
    expect(new AppError('INSUFFICIENT_POINTS', 'x', { extra: { shortfall: 5 } })).toMatchObject({ status: 409, extra: { shortfall: 5 }, headers: {} });
    expect(new AppError('RATE_LIMITED', 'x', { headers: { 'retry-after': '3' } }).headers).toEqual({ 'retry-after': '3' });
  });

  it('knows only the codes of the shared map', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(isErrorCode(code)).toBe(true);
      expect(status >= 400 && status < 600, code).toBe(true);
    }
    expect(isErrorCode('NOT_A_CODE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
