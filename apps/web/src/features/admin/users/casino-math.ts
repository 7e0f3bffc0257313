import type { AdminCasinoAccount } from '@app/shared/api/admin-users';

/** spec 2 §9: average monthly and weekly wagers are the sums divided by the number of casinos. */
export function casinoAverages(casinos: readonly AdminCasinoAccount[]): {
  avgMonthly: number;
  avgWeekly: number;
  total: number;
} {
  const total = casinos.reduce((sum, c) => sum + c.totalWagered, 0);
  if (casinos.length === 0) return { avgMonthly: 0, avgWeekly: 0, total };
  const monthly = casinos.reduce((sum, c) => sum + c.monthlyWager, 0);
  const weekly = casinos.reduce((sum, c) => sum + c.weeklyWager, 0);
  return {
    avgMonthly: monthly / casinos.length,
    avgWeekly: weekly / casinos.length,
    total,
  };
}

/** spec 2 §4: 'Applied {restriction} for {n} days to {user}'; the days part is blank without days. */
export function restrictionAppliedText(label: string, days: number | null | undefined, user: string): string {
  return days ? `Applied ${label} for ${days} days to ${user}` : `Applied ${label} to ${user}`;
}
