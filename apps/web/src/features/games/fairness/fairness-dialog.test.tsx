import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFairnessSnapshot, resetFairnessForTests, setRoundOpen, takeRound } from './fairness-store';
import { FairnessDialog } from './fairness-dialog';
import { loadVerifiers } from './verify';

// The game page fetches the verifiers with the dialog (game-page.tsx); here they are fetched once for the file.
beforeAll(loadVerifiers);

beforeEach(() => {
  localStorage.clear();
  resetFairnessForTests();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderDialog(defaultGame = 'limbo') {
  return render(<FairnessDialog open onOpenChange={() => {}} defaultGame={defaultGame} />);
}

describe('Provably Fair dialog', { timeout: 20_000 }, () => {
  it('Seeds shows the pair and rotates it, revealing the previous server seed', async () => {
    const user = userEvent.setup();
    takeRound();
    const before = getFairnessSnapshot();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Provably Fair' });
    expect(within(dialog).getByRole('tab', { name: 'Seeds' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Server Seed (hashed)') as HTMLInputElement).value).toBe(before.serverSeedHash);
    expect((screen.getByLabelText('Next Server Seed (hashed)') as HTMLInputElement).value).toBe(before.nextServerSeedHash);
    expect((screen.getByLabelText('Total bets') as HTMLInputElement).value).toBe('1');
    expect(screen.queryByLabelText('Previous Server Seed')).toBeNull();

    const client = screen.getByLabelText('Client Seed') as HTMLInputElement;
    await user.clear(client);
    await user.type(client, 'hello');
    await user.click(screen.getByRole('button', { name: 'Rotate Seeds' }));

    const after = getFairnessSnapshot();
    expect(after.clientSeed).toBe('hello');
    expect((screen.getByLabelText('Server Seed (hashed)') as HTMLInputElement).value).toBe(before.nextServerSeedHash);
    expect((screen.getByLabelText('Total bets') as HTMLInputElement).value).toBe('0');
    const previous = screen.getByLabelText('Previous Server Seed') as HTMLInputElement;
    expect(previous.readOnly).toBe(true);
    expect(previous.value).toMatch(/^[0-9a-f]{64}$/);
    expect(previous.value).toBe(after.previousServerSeed);
  });

  it('disables rotation while a round is open', () => {
    setRoundOpen(true);
    renderDialog();
    expect((screen.getByRole('button', { name: 'Rotate Seeds' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Finish the current round to rotate seeds.')).toBeTruthy();
    setRoundOpen(false);
  });

  it('Verify recomputes the published limbo vector and shows the steps', async () => {
    const user = userEvent.setup();
    renderDialog('limbo');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    expect(screen.getByText('Enter the server seed.')).toBeTruthy();
    fill('Server Seed', '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    fill('Client Seed', 'bb62964774');
    fill('Nonce', '1');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Result 1.28×');
    expect(screen.getByText(/c590d171/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Floats used' }).textContent).toContain('float 0 = 0.771740999306');

    fill('Nonce', 'x');
    expect(screen.queryByLabelText('Verified outcome')).toBeNull();
    expect(screen.getByText('Nonce must be a whole number of 0 or more.')).toBeTruthy();
  });

  it('Verify shows the mines setting for mines and checks its range', async () => {
    const user = userEvent.setup();
    renderDialog('mines');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    fill('Server Seed', '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    fill('Client Seed', 'bb62964774');
    fill('Nonce', '1');
    fill('Mines', '1');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Mines at 19');
    fill('Mines', '25');
    expect(screen.getByText('Mines must be a whole number from 1 to 24.')).toBeTruthy();
  });

  it('Verify takes rows and risk for plinko', async () => {
    const user = userEvent.setup();
    renderDialog('plinko');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    fill('Server Seed', '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    fill('Client Seed', 'bb62964774');
    fill('Nonce', '1');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Slot 3 · 1.00×');
    fill('Rows', '18');
    await user.click(screen.getByRole('combobox', { name: 'Risk' }));
    await user.click(screen.getByRole('option', { name: 'Extreme' }));
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Slot 7 · 0.10×');
    fill('Rows', '19');
    expect(screen.getByText('Rows must be a whole number from 8 to 18.')).toBeTruthy();
  });

  it('Verify takes the difficulty and the number of hunts for duck duck goose', async () => {
    const user = userEvent.setup();
    renderDialog('duckduckgoose');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    fill('Server Seed', 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6');
    fill('Client Seed', '3c83fc7e07');
    fill('Nonce', '3');
    expect(screen.getByRole('combobox', { name: 'Difficulty' }).textContent).toBe('Medium');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Goose · 2.00×');
    fill('Hunts', '3');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Goose, Goose, Goose · 4.00×');
    await user.click(screen.getByRole('combobox', { name: 'Difficulty' }));
    await user.click(screen.getByRole('option', { name: 'Genius' }));
    // float 0 = 0.196 is not below p_1 = 0.09 on Genius
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Duck · lost');
    fill('Hunts', '0');
    expect(screen.getByText('Hunts must be a whole number from 1 to 1000.')).toBeTruthy();
  });

  it('Verify settles the roulette bets on the table and checks them', async () => {
    const user = userEvent.setup();
    renderDialog('roulette');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    fill('Server Seed', '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    fill('Client Seed', 'bb62964774');
    fill('Nonce', '1');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Pocket 28 (black)');
    fill('Bets', '28:0.10, red:0.10');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Pocket 28 (black) · bet 0.20 · return 3.60');
    fill('Bets', '28:0.10, blue:1');
    expect(screen.getByText(/Not a bet: "blue:1"/)).toBeTruthy();
  });

  it('Verify plays the blackjack hand out from the actions taken', async () => {
    const user = userEvent.setup();
    renderDialog('blackjack');
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    fill('Server Seed', '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    fill('Client Seed', 'bb62964774');
    fill('Nonce', '1');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Cards Q♦, K♠, 6♦, Q♥, 2♥, 4♠, 8♥, 5♦, 9♣, 7♥');
    fill('Actions', 'hit, stand');
    expect(screen.getByLabelText('Verified outcome').textContent).toBe('Player Q♦ 6♦ 2♥ (18) · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none');
    fill('Actions', 'split');
    expect(screen.getByText(/Actions are hit, stand or double/)).toBeTruthy();
  });

  it("a page's verify request opens Verify with the round's seeds and settings filled in", () => {
    const values = Array.from({ length: 16 }, (_, i) => (i + 1) * 10).join(', ');
    render(
      <FairnessDialog
        open
        onOpenChange={() => {}}
        defaultGame="dice"
        request={{ game: 'dealornodeal', serverSeed: 'ab'.repeat(32), clientSeed: 'round-7', nonce: 3, settings: { dealOrNoDealValues: values } }}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Provably Fair' });
    expect(within(dialog).getByRole('tab', { name: 'Verify' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Server Seed') as HTMLInputElement).value).toBe('ab'.repeat(32));
    expect((screen.getByLabelText('Client Seed') as HTMLInputElement).value).toBe('round-7');
    expect((screen.getByLabelText('Nonce') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Case values') as HTMLInputElement).value).toBe(values);
    expect(screen.getByRole('status', { name: 'Verified outcome' }).textContent).toMatch(/^Case 1: [\d,]+, Case 2: /);
  });
});
