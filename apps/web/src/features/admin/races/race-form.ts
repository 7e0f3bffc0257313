import type { Leaderboard, LeaderboardInput } from '@app/shared/api/admin-leaderboards';
import {
  isActiveForStatus,
  LEADERBOARD_DEFAULTS,
  leaderboardName,
  parsePrizeAmount,
  parsePrizePool,
  parseWagerToTicketRatio,
  type LeaderboardMetric,
  type LeaderboardStatus,
} from '@app/shared/domain/leaderboards';

/** The edit/create dialog's values: number boxes hold text, parsed with the spec's fallbacks on save (spec 1 §5). */
export type RaceFormValues = {
  partnerId: string;
  metric: LeaderboardMetric;
  status: LeaderboardStatus;
  /** datetime-local text in the reader's zone, '' for none. */
  startDate: string;
  endDate: string;
  prizePool: string;
  isGlobalRaffle: boolean;
  wagerToTicketRatio: string;
  prizes: { position: string; amount: string }[];
  participants: number;
};

/** An ISO time as a datetime-local value in the reader's zone ('' for none or invalid). */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value as an ISO time; null when empty; the raw text when invalid (the schema then says so). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** spec 2 §9 defaults for a new race: pool 1000, Total Wager, ratio 1000, prizes 500/300/200, Draft. */
export function raceFormDefaults(race: Leaderboard | null): RaceFormValues {
  if (!race) {
    return {
      partnerId: '',
      metric: LEADERBOARD_DEFAULTS.metric,
      status: LEADERBOARD_DEFAULTS.status,
      startDate: '',
      endDate: '',
      prizePool: String(LEADERBOARD_DEFAULTS.prizePool),
      isGlobalRaffle: LEADERBOARD_DEFAULTS.isGlobalRaffle,
      wagerToTicketRatio: String(LEADERBOARD_DEFAULTS.wagerToTicketRatio),
      prizes: LEADERBOARD_DEFAULTS.prizes.map((p) => ({
        position: p.position,
        amount: String(p.amount),
      })),
      participants: 0,
    };
  }
  return {
    partnerId: race.partnerId,
    metric: race.metric,
    status: race.status,
    startDate: toLocalInput(race.startDate),
    endDate: toLocalInput(race.endDate),
    prizePool: String(race.prizePool),
    isGlobalRaffle: race.isGlobalRaffle,
    wagerToTicketRatio: String(race.wagerToTicketRatio),
    prizes: race.prizes.map((p) => ({
      position: p.position,
      amount: String(p.amount),
    })),
    participants: race.participants,
  };
}

/**
 * The request body of a save (spec 1 §5, §7): integers with their fallbacks (pool and amounts 0, ratio
 * 1000), isActive true only for Active, the generated name, participants as read.
 */
export function raceInputFromForm(values: RaceFormValues): LeaderboardInput {
  const prizePool = parsePrizePool(values.prizePool);
  const startDate = fromLocalInput(values.startDate);
  const endDate = fromLocalInput(values.endDate);
  return {
    name: values.partnerId
      ? leaderboardName({
          partnerId: values.partnerId,
          metric: values.metric,
          prizePool,
          startDate,
          endDate,
        })
      : '',
    metric: values.metric,
    partnerId: values.partnerId as LeaderboardInput['partnerId'],
    participants: values.participants,
    prizes: values.prizes.map((p) => ({
      position: p.position.trim(),
      amount: parsePrizeAmount(p.amount),
    })),
    prizePool,
    isGlobalRaffle: values.isGlobalRaffle,
    wagerToTicketRatio: parseWagerToTicketRatio(values.wagerToTicketRatio),
    isActive: isActiveForStatus(values.status),
    status: values.status,
    startDate,
    endDate,
  };
}
