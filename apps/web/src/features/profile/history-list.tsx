import type { HistoryItem } from '@app/shared/api/profile';

const TYPE_LABELS: Record<HistoryItem['type'], string> = {
  raffle_win: 'Raffle win',
  points_earned: 'Points earned',
  points_spent: 'Points spent',
  level_up: 'Level up',
  bonus_credit: 'Bonus credit',
  referral_reward: 'Referral reward',
  challenge_completed: 'Challenge completed',
  reward_redeemed: 'Reward redeemed',
  raffle_entry: 'Raffle entry',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const number = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });

/** spec 1 §3 history items, newest first as the server sends them. */
export function HistoryList({ items, emptyText }: { items: readonly HistoryItem[]; emptyText: string }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="divide-y">
      {items.map((item) => {
        const date = new Date(item.date);
        return (
          <li key={item.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="font-medium">{item.title}</p>
              <p className="text-sm text-muted-foreground">
                {TYPE_LABELS[item.type]}
                {/* A level-up's details already name its level ('Level 6'): the level is not repeated. */}
                {item.details ? ` · ${item.details}` : item.level > 0 ? ` · Level ${item.level}` : ''}
              </p>
            </div>
            <div className="text-right text-sm">
              {item.amount !== 0 && (
                <p className={item.amount > 0 ? 'font-semibold text-success' : 'font-semibold text-destructive'}>{number.format(item.amount)}</p>
              )}
              <p className="text-muted-foreground">
                <time dateTime={item.date}>{Number.isNaN(date.getTime()) ? item.date : dateFormat.format(date)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
