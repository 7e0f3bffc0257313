import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LevelUpRewardsPage, { LEVEL_UP_REWARDS, LevelUpRewards } from './levelup-rewards-page';

describe('Level Up Rewards', () => {
  it("says 'Rewards are temporarily unavailable.' while the list is empty", () => {
    expect(LEVEL_UP_REWARDS).toHaveLength(0);
    render(<LevelUpRewardsPage />);
    expect(screen.getByText('Rewards are temporarily unavailable.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists rewards by level when there are some', () => {
    render(
      <LevelUpRewards
        rewards={[
          { id: 'b', level: 10, title: 'Gold badge', description: 'A shiny badge.', reward: '$50 bonus' },
          { id: 'a', level: 5, title: 'Silver badge', description: 'A badge.', reward: '$10 bonus' },
        ]}
      />,
    );
    expect(screen.queryByText('Rewards are temporarily unavailable.')).toBeNull();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Silver badge', 'Gold badge']);
    expect(within(items[0]!).getByText('Level 5')).toBeTruthy();
    expect(within(items[1]!).getByText('$50 bonus')).toBeTruthy();
  });
});
