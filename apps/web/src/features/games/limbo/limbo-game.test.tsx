import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { limboResult } from '@app/shared/fairness/outcomes';
import { TEST_SEEDS, expectRefused, mockFrames, mockReducedMotion, renderGame, setUpGameTests, storedBets, typeAmount } from '../test-utils';
import LimboGame from './limbo-game';

function value(label: string | RegExp): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

setUpGameTests(TEST_SEEDS);

describe('limbo game', { timeout: 30_000 }, () => {
  it('starts at multiplier 2 and chance 49.5 and keeps them consistent', async () => {
    const { user } = renderGame(<LimboGame />);
    expect(value('Target Multiplier')).toBe('2.00');
    expect(value('Win Chance (%)')).toBe('49.5');
    await user.clear(screen.getByLabelText('Target Multiplier'));
    await user.type(screen.getByLabelText('Target Multiplier'), '4');
    expect(value('Win Chance (%)')).toBe('24.75');
    await user.clear(screen.getByLabelText('Win Chance (%)'));
    await user.type(screen.getByLabelText('Win Chance (%)'), '10');
    expect(value('Target Multiplier')).toBe('9.90');
  });

  it('needs a bet amount above 0', async () => {
    const { user } = renderGame(<LimboGame />);
    await expectRefused(user, 'Bet', 'Enter a bet amount greater than 0.');
  });

  it('with reduced motion, shows the engine result at once and records a loss below the target', async () => {
    const { user } = renderGame(<LimboGame />, { reducedMotion: true });
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(limboResult({ ...TEST_SEEDS, nonce: 1 })).toBe(1.28);
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('1.28×');
    expect(screen.getByText(/Loss · target 2.00× · nonce 1/)).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'limbo', amount: 1, win: false, payout: 0, nonce: 1 }]);
  });

  it('climbs 0.05 every 30 ms, reads Rolling..., then ends exactly at the result with the profit', async () => {
    mockReducedMotion(false);
    const runFrame = mockFrames(1000);

    const { user } = renderGame(<LimboGame />);
    await typeAmount(user, '2');
    await user.clear(screen.getByLabelText('Target Multiplier'));
    await user.type(screen.getByLabelText('Target Multiplier'), '1.25');
    await user.click(screen.getByRole('button', { name: 'Bet' }));

    expect(screen.getByRole('button', { name: 'Rolling...' })).toHaveProperty('disabled', true);
    runFrame(30);
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('1.05×');
    runFrame(150);
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('1.25×');
    expect(storedBets()).toHaveLength(0);
    runFrame(3000);
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('1.28×');
    expect(screen.getByText(/Win · profit 0.50000000 NZD · nonce 1/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bet' })).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'limbo', amount: 2, win: true, multiplier: 1.25, payout: 2.5, nonce: 1 }]);
  });
});
