import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_SEEDS, expectRefused, fillIn, mockFrames, mockReducedMotion, renderGame, setUpGameTests, storedBets } from '../test-utils';
import RouletteGame from './roulette-game';

// The published vector: this pair at nonce 1 lands on 28 (black).
const table = () => within(screen.getByRole('group', { name: 'Betting table' }));
const spot = (name: string) => table().getByRole('button', { name: new RegExp(`^${name}`) });
const total = () => (screen.getByLabelText('Total Bet') as HTMLInputElement).value;

setUpGameTests(TEST_SEEDS);

describe('roulette game', { timeout: 30_000 }, () => {
  it('has the layout of spec 2 §9 with named cells', () => {
    render(<RouletteGame />);
    expect(table().getAllByRole('button')).toHaveLength(1 + 36 + 3 + 3 + 6);
    expect(spot('0 green')).toBeTruthy();
    expect(spot('1 red')).toBeTruthy();
    expect(spot('2 black')).toBeTruthy();
    expect(table().getAllByRole('button', { name: /^2:1 column/ })).toHaveLength(3);
    for (const label of ['1st 12', '2nd 12', '3rd 12', '1–18', 'Even', 'Red', 'Black', 'Odd', '19–36']) {
      expect(table().getByRole('button', { name: label })).toBeTruthy();
    }
    const chips = within(screen.getByRole('group', { name: 'Chip Value' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['0.01', '0.05', '0.10', '0.50', '1.00', 'Max']);
    expect(screen.getByRole('tab', { name: 'Manual' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Auto' })).toBeTruthy();
  });

  it('places chips by click and keyboard, shows the total, undoes and clears; Max picks the top chip', async () => {
    const { user } = renderGame(<RouletteGame />);
    await user.click(spot('17 black'));
    expect(total()).toBe('0.01');
    await user.click(screen.getByRole('button', { name: '0.50' }));
    expect(screen.getByRole('button', { name: '0.50' }).getAttribute('aria-pressed')).toBe('true');
    spot('Red').focus();
    await user.keyboard('{Enter}');
    expect(total()).toBe('0.51');
    expect(spot('Red').getAttribute('aria-label')).toBe('Red, bet 0.50');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByRole('button', { name: '1.00' }).getAttribute('aria-pressed')).toBe('true');
    spot('Red').focus();
    await user.keyboard(' ');
    expect(total()).toBe('1.51');
    expect(spot('Red').getAttribute('aria-label')).toBe('Red, bet 1.50');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(total()).toBe('0.51');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(total()).toBe('0.00');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
  });

  it('needs a chip on the table to spin', async () => {
    const { user } = renderGame(<RouletteGame />);
    await expectRefused(user, 'Spin', 'Place at least one chip on the table.');
  });

  it('with reduced motion, lands at once on the engine pocket and settles a straight and an outside bet', async () => {
    const { user } = renderGame(<RouletteGame />, { reducedMotion: true });
    await user.click(screen.getByRole('button', { name: '0.10' }));
    await user.click(spot('28 black'));
    await user.click(spot('Red'));
    await user.click(spot('Black'));
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    // 28 pays 36 × 0.10, Black 2 × 0.10, Red loses
    expect(screen.getByRole('status', { name: 'Last spin' }).textContent).toBe('Pocket 28 (black) · bet 0.30 · return 3.80');
    expect(screen.getByText('Bets 28:0.10, red:0.10, black:0.10 · win · nonce 1')).toBeTruthy();
    expect(spot('28 black').getAttribute('data-win')).toBe('true');
    expect(spot('Red').getAttribute('data-win')).toBeNull();
    expect(storedBets()).toMatchObject([{ game: 'roulette', amount: 0.3, payout: 3.8, win: true, nonce: 1 }]);
    expect((storedBets()[0]!.multiplier as number).toFixed(4)).toBe((38 / 3).toFixed(4));
    // the bets stay on the table for the next spin
    expect(total()).toBe('0.30');
  });

  it('animates the ball into the pocket and settles only then', async () => {
    mockReducedMotion(false);
    const runFrame = mockFrames(0);
    // Radix (the mode tabs) queues frames of its own: run a few each time.
    const runFrames = (t: number) => {
      for (let i = 0; i < 4; i += 1) runFrame(t);
    };
    const { user } = renderGame(<RouletteGame />);
    await user.click(spot('Odd'));
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(screen.getByRole('button', { name: 'Spinning...' })).toHaveProperty('disabled', true);
    runFrames(1000);
    expect(storedBets()).toHaveLength(0);
    expect(document.querySelector<SVGGElement>('[data-testid="roulette-wheel"] svg > g')!.style.transform).toMatch(/^rotate\(/);
    expect(screen.getByRole('status', { name: 'Last spin' }).textContent).toBe('');
    runFrames(10_000);
    expect(screen.getByRole('status', { name: 'Last spin' }).textContent).toBe('Pocket 28 (black) · bet 0.01 · return 0.00');
    expect(storedBets()).toMatchObject([{ game: 'roulette', win: false, payout: 0, nonce: 1 }]);
    expect(screen.getByRole('button', { name: 'Spin' })).toHaveProperty('disabled', false);
  });

  it('auto repeats the spin with the same bets, one nonce each', async () => {
    const { user } = renderGame(<RouletteGame />, { reducedMotion: true });
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await user.click(spot('0 green'));
    await fillIn(user, { 'Number of Spins': '2' });
    await user.click(screen.getByRole('button', { name: 'Start Autobet' }));
    await screen.findByRole('button', { name: 'Start Autobet' }, { timeout: 5000 });
    expect(storedBets().map((b) => b.nonce)).toEqual([2, 1]);
    expect(storedBets().every((b) => b.amount === 0.01)).toBe(true);
  });
});
