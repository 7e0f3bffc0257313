/** Whole points with thousands separators. */
export function formatPoints(points: number): string {
  return points.toLocaleString('en-US');
}

/** A date and time in the reader's locale, '-' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date in the reader's locale, '-' when absent or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** US dollars with cents when there are any. */
export function formatUsd(amount: number): string {
  return amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  });
}
