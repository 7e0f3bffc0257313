import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limboResult } from '@app/shared/fairness/outcomes';
import { BETS_STORAGE_KEY, clearBetsForTests } from '../bets/bet-store';
import { FAIRNESS_STORAGE_KEY, resetFairnessForTests } from '../fairness/fairness-store';
import LimboGame from './limbo-game';

// The published vector: nonce 1 gives limbo 1.28; nonce 3 of the second vector gives 5.05.
const SERVER_SEED = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const CLIENT_SEED = 'bb62964774';

function seedStore(nonce: number) {
  localStorage.setItem(
    FAIRNESS_STORAGE_KEY,
    JSON.stringify({ serverSeed: SERVER_SEED, nextServerSeed: SERVER_SEED.replace('1', '2'), clientSeed: CLIENT_SEED, draftClientSeed: CLIENT_SEED, nonce }),
  );
  resetFairnessForTests();
}

function storedBets(): Array<Record<string, unknown>> {
  return JSON.parse(localStorage.getItem(BETS_STORAGE_KEY) ?? '[]');
}

function value(label: string | RegExp): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

function mockReducedMotion(isReduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: isReduced && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

async function typeAmount(user: ReturnType<typeof userEvent.setup>, text: string) {
  const amount = screen.getByLabelText('Bet Amount');
  await user.clear(amount);
  await user.type(amount, text);
}

beforeEach(() => {
  localStorage.clear();
  clearBetsForTests();
  seedStore(1);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('limbo game', { timeout: 30_000 }, () => {
  it('starts at multiplier 2 and chance 49.5 and keeps them consistent', async () => {
    const user = userEvent.setup();
    render(<LimboGame />);
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
    const user = userEvent.setup();
    render(<LimboGame />);
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a bet amount greater than 0.');
    expect(storedBets()).toHaveLength(0);
  });

  it('with reduced motion, shows the engine result at once and records a loss below the target', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    render(<LimboGame />);
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(limboResult({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 1 })).toBe(1.28);
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('1.28×');
    expect(screen.getByText(/Loss · target 2.00× · nonce 1/)).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'limbo', amount: 1, win: false, payout: 0, nonce: 1 }]);
  });

  it('climbs 0.05 every 30 ms, reads Rolling..., then ends exactly at the result with the profit', async () => {
    mockReducedMotion(false);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const runFrame = (t: number) => act(() => frames.shift()?.(1000 + t));

    const user = userEvent.setup();
    render(<LimboGame />);
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
