import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_SEEDS, expectRefused, mockFrames, mockReducedMotion, renderGame, setUpGameTests, storedBets } from '../test-utils';
import KenoGame, { KENO_REVEAL_MS } from './keno-game';

// The published vector: this pair at nonce 1 draws 31, 36, 12, 32, 2, 8, 20, 10, 25, 17.
const DRAWN = ['31', '36', '12', '32', '2', '8', '20', '10', '25', '17'];

const board = () => within(screen.getByRole('group', { name: 'Keno board' }));
const cell = (n: number) => board().getByRole('button', { name: String(n) });
const drawnNumbers = () =>
  within(screen.getByRole('list', { name: 'Drawn numbers' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

setUpGameTests(TEST_SEEDS);

describe('keno game', { timeout: 30_000 }, () => {
  it('has 40 toggle buttons, up to 10 picks, and the pick hint', async () => {
    const { user } = renderGame(<KenoGame />);
    expect(board().getAllByRole('button')).toHaveLength(40);
    expect(screen.getByText('Select 1–10 numbers to play')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bet' })).toHaveProperty('disabled', true);
    await user.click(cell(5));
    expect(cell(5).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bet' })).toHaveProperty('disabled', false);
    await user.click(cell(5));
    expect(cell(5).getAttribute('aria-pressed')).toBe('false');
    for (let n = 1; n <= 11; n += 1) await user.click(cell(n));
    expect(screen.getByText('10 selected')).toBeTruthy();
    expect(cell(11).getAttribute('aria-pressed')).toBe('false');
  });

  it('Auto Pick selects 10 numbers, Clear removes them, Max sets 1.00000000', async () => {
    const values = [0, 0.5, 0.99, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8];
    let i = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => values[i++ % values.length]!);
    const { user } = renderGame(<KenoGame />);
    await user.click(screen.getByRole('button', { name: 'Auto Pick' }));
    expect(screen.getByText('10 selected')).toBeTruthy();
    expect(cell(1).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Select 1–10 numbers to play')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Bet Amount') as HTMLInputElement).value).toBe('1.00000000');
  });

  it('needs a bet amount above 0', async () => {
    const { user } = renderGame(<KenoGame />);
    await user.click(cell(3));
    await expectRefused(user, 'Bet', 'Enter a bet amount greater than 0.');
  });

  it('with reduced motion, shows the engine draw at once, marks hits and pays from the table', async () => {
    const { user } = renderGame(<KenoGame />, { reducedMotion: true });
    await user.click(cell(31));
    await user.click(cell(36));
    await user.click(cell(1));
    await user.click(screen.getByRole('button', { name: 'Max' }));
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(drawnNumbers()).toEqual(DRAWN);
    expect(cell(31).getAttribute('data-hit')).toBe('true');
    expect(cell(1).getAttribute('data-hit')).toBeNull();
    expect(cell(12).getAttribute('data-drawn')).toBe('true');
    // classic, 3 picks, 2 hits = 3.10×
    expect(screen.getByText(/2 of 3 hit · 3.10× · payout 3.10000000 NZD · nonce 1/)).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'keno', amount: 1, multiplier: 3.1, win: true, nonce: 1 }]);
  });

  it('draws the numbers one by one', async () => {
    mockReducedMotion(false);
    const runFrame = mockFrames(0);
    const { user } = renderGame(<KenoGame />);
    await user.selectOptions(screen.getByLabelText('Risk'), 'high');
    await user.click(cell(2));
    await user.click(screen.getByRole('button', { name: 'Max' }));
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByRole('button', { name: 'Drawing...' })).toHaveProperty('disabled', true);
    runFrame(0);
    expect(drawnNumbers()).toEqual(['31']);
    runFrame(KENO_REVEAL_MS * 4);
    expect(drawnNumbers()).toEqual(DRAWN.slice(0, 5));
    expect(storedBets()).toHaveLength(0);
    runFrame(KENO_REVEAL_MS * 10);
    expect(drawnNumbers()).toEqual(DRAWN);
    expect(storedBets()).toMatchObject([{ game: 'keno', win: true, nonce: 1 }]);
    expect(screen.getByRole('button', { name: 'Bet' })).toBeTruthy();
  });
});
