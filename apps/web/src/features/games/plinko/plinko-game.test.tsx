import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PLINKO_TABLES } from '@app/shared/fairness/payouts';
import { getFairnessSnapshot } from '../fairness/fairness-store';
import { TEST_SEEDS, expectRefused, fillIn, mockFrames, renderGame, setUpGameTests, startAutobet, storedBets, typeAmount } from '../test-utils';
import PlinkoGame, { AUTO_DROP_MS } from './plinko-game';
import { dropBall, flightDuration } from './plinko-rules';

const buckets = () => within(screen.getByRole('list', { name: 'Buckets' })).getAllByRole('listitem');
const bucketTexts = () => buckets().map((b) => b.querySelector('[aria-hidden="true"]')?.textContent);
const lastBall = () => screen.getByRole('status', { name: 'Last ball' }).textContent;
const rowsSlider = () => screen.getByRole('slider', { name: 'Rows' });

setUpGameTests(TEST_SEEDS);

describe('plinko game', { timeout: 30_000 }, () => {
  it('Rows 8 by default (8 to 18), risks Low to Extreme, the buckets show the table; Max sets 1000', async () => {
    const { user } = renderGame(<PlinkoGame />, { reducedMotion: true });
    expect(rowsSlider().getAttribute('aria-valuenow')).toBe('8');
    expect(rowsSlider().getAttribute('aria-valuemin')).toBe('8');
    expect(rowsSlider().getAttribute('aria-valuemax')).toBe('18');
    expect(rowsSlider().getAttribute('aria-valuetext')).toBe('8 rows');
    const risk = screen.getByLabelText('Risk') as HTMLSelectElement;
    expect([...risk.options].map((o) => o.textContent)).toEqual(['Low', 'Medium', 'High', 'Extreme']);
    expect(risk.value).toBe('low');
    expect(bucketTexts()).toEqual(['5.6', '2.1', '1.1', '1', '0.5', '1', '1.1', '2.1', '5.6']);
    expect(buckets()[0]!.textContent).toContain('Slot 0: 5.60×');

    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Bet Amount') as HTMLInputElement).value).toBe('1000.00000000');
    await user.click(screen.getByRole('button', { name: '½ Half bet amount' }));
    expect((screen.getByLabelText('Bet Amount') as HTMLInputElement).value).toBe('500.00000000');
    await user.click(screen.getByRole('button', { name: '2× Double bet amount' }));
    expect((screen.getByLabelText('Bet Amount') as HTMLInputElement).value).toBe('1000.00000000');

    await user.selectOptions(risk, 'extreme');
    expect(bucketTexts()).toEqual(PLINKO_TABLES[8]!.extreme.map(String));
  });

  it('the Rows slider works by keyboard: 18 rows give 19 buckets', async () => {
    const { user } = renderGame(<PlinkoGame />, { reducedMotion: true });
    rowsSlider().focus();
    await user.keyboard('{End}');
    expect(rowsSlider().getAttribute('aria-valuenow')).toBe('18');
    expect(buckets()).toHaveLength(19);
    expect(bucketTexts()[0]).toBe('27');
    await user.keyboard('{ArrowLeft}');
    expect(rowsSlider().getAttribute('aria-valuenow')).toBe('17');
    expect(buckets()).toHaveLength(18);
    await user.selectOptions(screen.getByLabelText('Risk'), 'extreme');
    expect(bucketTexts()[0]).toBe('15.5K');
    expect(screen.getByRole('img', { name: 'Plinko board with 17 rows of pegs' })).toBeTruthy();
  });

  it('a ball lands in the bucket the engine names and pays its multiplier (reduced motion: at once)', async () => {
    const { user } = renderGame(<PlinkoGame />, { reducedMotion: true });
    await expectRefused(user, 'Bet', 'Enter a bet amount greater than 0.');
    await typeAmount(user, '2');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    // the published vector at nonce 1: R R L R L L L L → slot 3, 1× on Low
    expect(lastBall()).toBe('Slot 3 · 1.00× · payout 2.00000000 NZD · nonce 1');
    expect(buckets()[3]!.getAttribute('data-hit')).toBe('true');
    expect(storedBets()).toMatchObject([{ game: 'plinko', amount: 2, multiplier: 1, payout: 2, win: true, nonce: 1 }]);
    expect(within(screen.getByRole('list', { name: 'Recent balls' })).getAllByRole('listitem')[0]!.textContent).toBe('1.00× win');
    expect(getFairnessSnapshot().nonce).toBe(2);
  });

  it('several balls fall at once, each its own bet and nonce; settings wait until they have landed', async () => {
    const runOneFrame = mockFrames(0);
    const runFrame = (t: number) => {
      for (let i = 0; i < 4; i += 1) runOneFrame(t);
    };
    const { user } = renderGame(<PlinkoGame />);
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByRole('img', { name: 'Plinko board with 8 rows of pegs, 2 balls falling' })).toBeTruthy();
    expect((screen.getByLabelText('Risk') as HTMLSelectElement).disabled).toBe(true);
    expect(rowsSlider().getAttribute('data-disabled')).toBe('');
    runFrame(flightDuration(8) - 1);
    expect(storedBets()).toHaveLength(0);
    runFrame(flightDuration(8));
    const second = dropBall({ ...TEST_SEEDS, nonce: 2 }, 8, 'low', 1);
    expect(storedBets()).toMatchObject([
      { nonce: 2, multiplier: second.multiplier },
      { nonce: 1, multiplier: 1 },
    ]);
    expect(screen.getByRole('img', { name: 'Plinko board with 8 rows of pegs' })).toBeTruthy();
    expect((screen.getByLabelText('Risk') as HTMLSelectElement).disabled).toBe(false);
  });

  it('leaving with a ball in the air still records its bet', async () => {
    mockFrames(0);
    const { user, unmount } = renderGame(<PlinkoGame />);
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(storedBets()).toHaveLength(0);
    unmount();
    expect(storedBets()).toMatchObject([{ game: 'plinko', nonce: 1, multiplier: 1 }]);
  });

  it('auto drops the set number of balls', async () => {
    const { user } = renderGame(<PlinkoGame />, { reducedMotion: true });
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await typeAmount(user, '1');
    await fillIn(user, { 'Number of Bets': '3' });
    startAutobet();
    expect(storedBets()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Stop Autobet' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_DROP_MS * 5));
    expect(storedBets().map((b) => b.nonce)).toEqual([3, 2, 1]);
    expect(storedBets().every((b) => b.game === 'plinko')).toBe(true);
    expect(screen.getByRole('button', { name: 'Start Autobet' })).toBeTruthy();
  });
});
