import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { collectErrors } from './support/console-errors';
import { openFairness, closeDialog, openGame, verify, expectMyBets } from './support/games';

// Roulette and blackjack play one round to a visible result with no console error, the round shows
// in My Bets, and the Fairness dialog's Verify tab reproduces it (with the bets on the table, the actions taken).

const CLIENT_SEED = 'e2e-table-client-seed';

/** Live Stats counts the one round: its stake as Wagered, one win or one loss. */
async function expectLiveStats(page: Page, wagered: string) {
  await page.getByRole('toolbar', { name: 'Game tools' }).getByRole('button', { name: 'Live stats' }).click();
  const panel = page.getByRole('dialog', { name: 'Live Stats' });
  const tile = (label: string) => panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(tile('Wagered')).toHaveText(wagered);
  const counts = [Number(await tile('Wins').textContent()), Number(await tile('Losses').textContent())];
  expect(counts[0]! + counts[1]!).toBe(1);
  await panel.getByRole('button', { name: 'Close Live Stats' }).click();
}

/** Places a straight (17) and an outside bet (Red) with the 0.10 chip. */
async function placeBets(area: Locator) {
  await area.getByRole('button', { name: '0.10', exact: true }).click();
  const table = area.getByRole('group', { name: 'Betting table' });
  await table.getByRole('button', { name: '17 black', exact: true }).click();
  await table.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(area.getByLabel('Total Bet', { exact: true })).toHaveValue('0.20');
  await expect(table.getByRole('button', { name: '17 black, bet 0.10', exact: true })).toBeVisible();
}

/** Plays the open hand to its end by standing (the hand may also end at the deal); returns the actions shown. */
async function standAndRead(area: Locator): Promise<{ result: string; actions: string }> {
  const stand = area.getByRole('button', { name: 'Stand', exact: true });
  const result = area.getByRole('status', { name: 'Hand result' });
  await expect(stand.or(result.filter({ hasText: /./ })).first()).toBeVisible();
  if (await stand.isEnabled()) await stand.click();
  await expect(result).toHaveText(/^Player .+ · Dealer .+ · (Blackjack|Win|Push|Lose) · Perfect Pair: .+ · 21\+3: .+$/);
  const details = (await area.getByText(/^Actions .* · paid .* · nonce 0$/).textContent()) ?? '';
  const actions = /^Actions (.*?) · paid/.exec(details)?.[1] ?? '';
  return { result: (await result.textContent()) ?? '', actions };
}

test.describe('roulette and blackjack play a round that Verify reproduces', () => {
  test('roulette: a straight and an outside bet settle on the engine pocket', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'roulette', CLIENT_SEED);
    await placeBets(area);
    await area.getByRole('button', { name: 'Spin', exact: true }).click();
    const last = area.getByRole('status', { name: 'Last spin' });
    await expect(last).toHaveText(/^Pocket \d{1,2} \((green|red|black)\) · bet 0\.20 · return \d+\.\d{2}$/);
    await expect(area.getByText(/^Bets 17:0\.10, red:0\.10 · (win|push|loss) · nonce 0$/)).toBeVisible();
    await expect(area.getByRole('list', { name: 'Recent pockets' }).getByRole('listitem')).toHaveCount(1);
    const outcome = (await last.textContent()) ?? '';
    await expectMyBets(page, 'Roulette');
    await expectLiveStats(page, 'NZ$0.20');

    expect(await verify(page, { gameLabel: 'Roulette', clientSeed: CLIENT_SEED, nonce: 0, fields: { Bets: '17:0.10, red:0.10' } })).toBe(outcome);
    expect(errors).toEqual([]);
  });

  test('roulette: the wheel animates into the pocket with full motion', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'roulette', CLIENT_SEED, 'no-preference');
    await placeBets(area);
    await area.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect(area.getByRole('button', { name: 'Spinning...' })).toBeDisabled();
    const last = area.getByRole('status', { name: 'Last spin' });
    await expect(last).toHaveText(/^Pocket \d{1,2} /);
    await expect(area.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled();
    const outcome = (await last.textContent()) ?? '';
    expect(await verify(page, { gameLabel: 'Roulette', clientSeed: CLIENT_SEED, nonce: 0, fields: { Bets: '17:0.10, red:0.10' } })).toBe(outcome);
    expect(errors).toEqual([]);
  });

  test('roulette: at 1366×800 the wheel and the whole betting table fit the board without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const area = await openGame(page, 'roulette', CLIENT_SEED);
    await placeBets(area);
    await area.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect(area.getByRole('status', { name: 'Last spin' })).toHaveText(/^Pocket/);
    // The table used to shrink as a flex item and clip a row of numbers (scrolled inside a 148px strip).
    const table = area.getByRole('group', { name: 'Betting table' });
    const tableHidden = await table.evaluate((el) => el.parentElement!.scrollHeight - el.parentElement!.clientHeight);
    expect(tableHidden).toBeLessThanOrEqual(0);
    const boardHidden = await area.getByRole('region', { name: 'Roulette', exact: true }).evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(boardHidden).toBeLessThanOrEqual(0);
  });

  test('blackjack: a hand is dealt, played out and settled', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'blackjack', CLIENT_SEED);
    const amount = area.getByLabel('Bet Amount', { exact: true });
    await amount.fill('1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(area.getByRole('list', { name: 'Player cards' }).getByRole('listitem')).toHaveCount(2);
    const { result, actions } = await standAndRead(area);
    expect(['stand', 'none']).toContain(actions);
    await expectMyBets(page, 'Blackjack');
    await expectLiveStats(page, 'NZ$1.00');

    expect(await verify(page, { gameLabel: 'Blackjack', clientSeed: CLIENT_SEED, nonce: 0, fields: { Actions: actions } })).toBe(result);
    expect(errors).toEqual([]);
  });

  test('blackjack: an open hand survives a reload', async ({ page }) => {
    const errors = collectErrors(page);
    // Deal until a hand stays open (a natural ends the hand at the deal), at most a few nonces.
    const area = await openGame(page, 'blackjack', CLIENT_SEED);
    await area.getByLabel('Bet Amount', { exact: true }).fill('1');
    const stand = area.getByRole('button', { name: 'Stand', exact: true });
    const bet = area.getByRole('button', { name: 'Bet', exact: true });
    for (let i = 0; i < 5; i += 1) {
      await bet.click();
      await expect(area.getByRole('list', { name: 'Player cards' }).getByRole('listitem').first()).toBeVisible();
      if (await stand.isEnabled()) break;
    }
    await expect(stand).toBeEnabled();
    const player = area.getByRole('list', { name: 'Player cards' });
    const before = await player.getByRole('listitem').allTextContents();

    await page.reload();
    await expect(stand).toBeEnabled();
    await expect(player.getByRole('listitem')).toHaveText(before);
    await expect(area.getByRole('list', { name: 'Dealer cards' })).toContainText('Face-down card');
    // rotation waits for the open hand
    const dialog = await openFairness(page);
    await expect(dialog.getByRole('button', { name: 'Rotate Seeds' })).toBeDisabled();
    await closeDialog(page, dialog);
    await stand.click();
    await expect(area.getByRole('status', { name: 'Hand result' })).toHaveText(/ · (Blackjack|Win|Push|Lose) · /);
    expect(errors).toEqual([]);
  });
});

test.describe('roulette and blackjack: axe', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`roulette has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/games/roulette');
      const area = page.getByTestId('game-area');
      await expect(area.getByRole('region', { name: 'Roulette controls' })).toBeVisible();
      await placeBets(area);
      await area.getByRole('button', { name: 'Spin', exact: true }).click();
      await expect(area.getByRole('status', { name: 'Last spin' })).toHaveText(/^Pocket/);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test(`blackjack has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/games/blackjack');
      const area = page.getByTestId('game-area');
      await expect(area.getByRole('region', { name: 'Blackjack controls' })).toBeVisible();
      await area.getByRole('tab', { name: 'Sidebets' }).click();
      await area.getByLabel('Bet Amount', { exact: true }).fill('1');
      await area.getByRole('button', { name: 'Bet', exact: true }).click();
      await expect(area.getByRole('list', { name: 'Player cards' }).getByRole('listitem')).toHaveCount(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
