import { VOLATILITY_LABELS, type Slot } from '@app/shared/api/slots';

export function formatRtp(rtp: number | null): string {
  return rtp === null ? '–' : `${rtp.toFixed(2)}%`;
}

export function formatMaxWin(maxWin: number | null): string {
  return maxWin === null ? '–' : `${maxWin.toLocaleString('en-US')}×`;
}

export function formatVolatility(volatility: Slot['volatility']): string {
  return volatility === null ? '–' : VOLATILITY_LABELS[volatility];
}
