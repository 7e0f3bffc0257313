import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crashPoint } from '@app/shared/fairness/outcomes';
import { expectRefused, fillIn, mockFrames, mockReducedMotion, renderGame, seedFairness, setUpGameTests, storedBets, typeAmount } from '../test-utils';
import CrashGame from './crash-game';
import { crashCurveAt, crashTimeFor } from './crash-rules';

// Published vectors: the first pair at nonce 1 gives 1.28 (limbo formula); the second at nonce 3 gives 5.05.
const LOW = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
const HIGH = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

function seedStore(seeds: typeof LOW) {
  seedFairness(seeds, seeds.serverSeed.replace('a', 'b'));
}

setUpGameTests();

describe('crash game', { timeout: 30_000 }, () => {
  it('defaults cash out at to 2 and needs a bet above 0', async () => {
    seedStore(LOW);
    const { user } = renderGame(<CrashGame />);
    expect((screen.getByLabelText('Cash Out At') as HTMLInputElement).value).toBe('2.00');
    await expectRefused(user, 'Start', 'Enter a bet amount greater than 0.');
  });

  it('with reduced motion, ends at once: crashed at the engine crash point below the cash-out value', async () => {
    seedStore(LOW);
    const { user } = renderGame(<CrashGame />, { reducedMotion: true });
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(crashPoint(LOW)).toBe(1.28);
    expect(screen.getByText('Crashed at 1.28×')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Multiplier' }).textContent).toBe('1.28×');
    expect(storedBets()).toMatchObject([{ game: 'crash', amount: 1, win: false, payout: 0, nonce: 1 }]);
  });

  it('cashes out automatically at the cash-out-at value when the multiplier reaches it', async () => {
    seedStore(HIGH);
    mockReducedMotion(false);
    const runFrame = mockFrames(1000);
    const { user } = renderGame(<CrashGame />);
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Running...' })).toHaveProperty('disabled', true);
    runFrame(500);
    expect(screen.getByRole('status', { name: 'Multiplier' }).textContent).toBe(`${crashCurveAt(500).toFixed(2)}×`);
    runFrame(crashTimeFor(2) + 1);
    expect(crashPoint(HIGH)).toBe(5.05);
    expect(screen.getByText('Crash point 5.05×')).toBeTruthy();
    expect(screen.getByText(/Cashed out at 2.00× · profit 1.00000000 NZD · nonce 3/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'crash', win: true, multiplier: 2, payout: 2, nonce: 3 }]);
  });

  it('Cash Out while running stops at the current multiplier with profit = bet × multiplier − bet', async () => {
    seedStore(HIGH);
    mockReducedMotion(false);
    const runFrame = mockFrames(1000);
    const { user } = renderGame(<CrashGame />);
    await typeAmount(user, '2');
    await fillIn(user, { 'Cash Out At': '4' });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    runFrame(1200);
    const at = crashCurveAt(1200);
    fireEvent.click(screen.getByRole('button', { name: 'Cash Out' }));
    expect(screen.getByText(new RegExp(`Cashed out at ${at.toFixed(2)}× · profit ${(2 * at - 2).toFixed(8)} NZD`))).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'crash', win: true, multiplier: at, amount: 2 }]);
    expect(screen.queryByRole('button', { name: 'Cash Out' })).toBeNull();
  });

  it('crashes at the crash point when the cash-out-at value is above it', async () => {
    seedStore(HIGH);
    mockReducedMotion(false);
    const runFrame = mockFrames(1000);
    const { user } = renderGame(<CrashGame />);
    await typeAmount(user, '1');
    await fillIn(user, { 'Cash Out At': '10' });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    runFrame(crashTimeFor(5.05) + 1);
    expect(screen.getByText('Crashed at 5.05×')).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'crash', win: false, nonce: 3 }]);
  });
});
