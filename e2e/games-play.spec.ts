import { expect, test } from '@playwright/test';
import { collectErrors } from './support/console-errors';
import { openGame, setBet, verify, expectMyBets } from './support/games';
import { seriousAxeViolations } from './support/axe';

// For dice, mines, limbo, keno and crash, one round plays to a visible result, and the Fairness
// dialog's Verify tab reproduces that round from the revealed server seed, the client seed and the nonce.

const CLIENT_SEED = 'e2e-play-client-seed';

test.describe('games play a round that Verify reproduces', () => {
  test('dice', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'dice', CLIENT_SEED);
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const last = area.getByRole('status', { name: 'Last roll' });
    await expect(last).toContainText('nonce 0');
    const roll = /(\d{1,3}\.\d{4})/.exec((await last.textContent()) ?? '')?.[1];
    expect(roll).toBeTruthy();
    await expect(area.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem')).toHaveCount(1);
    await expectMyBets(page, 'Dice');

    expect(await verify(page, { gameLabel: 'Dice', clientSeed: CLIENT_SEED, nonce: 0 })).toBe(`Roll ${roll}`);
    expect(errors).toEqual([]);
  });

  test('limbo', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'limbo', CLIENT_SEED);
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(area.getByText(/nonce 0/)).toBeVisible();
    await expect(area.getByRole('button', { name: 'Bet', exact: true })).toBeEnabled();
    const result = (await area.getByRole('status', { name: 'Result' }).textContent()) ?? '';
    expect(result).toMatch(/^\d+\.\d{2}×$/);
    await expectMyBets(page, 'Limbo');

    expect(await verify(page, { gameLabel: 'Limbo', clientSeed: CLIENT_SEED, nonce: 0 })).toBe(`Result ${result}`);
    expect(errors).toEqual([]);
  });

  test('crash', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'crash', CLIENT_SEED);
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Start' }).click();
    const end = area.getByText(/^(Crashed at|Crash point) \d+\.\d{2}×$/);
    await expect(end).toBeVisible();
    const point = /(\d+\.\d{2}×)$/.exec((await end.textContent()) ?? '')?.[1];
    expect(point).toBeTruthy();
    await expect(area.getByText(/nonce 0/)).toBeVisible();
    await expectMyBets(page, 'Crash');

    expect(await verify(page, { gameLabel: 'Crash', clientSeed: CLIENT_SEED, nonce: 0 })).toBe(`Crash point ${point}`);
    expect(errors).toEqual([]);
  });

  test('keno', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'keno', CLIENT_SEED);
    const board = area.getByRole('group', { name: 'Keno board' });
    for (const n of [3, 7, 11, 19, 23, 29, 31, 36, 38, 40]) await board.getByRole('button', { name: String(n), exact: true }).click();
    await expect(area.getByText('10 selected')).toBeVisible();
    await area.getByRole('button', { name: 'Max' }).click();
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const drawn = area.getByRole('list', { name: 'Drawn numbers' }).getByRole('listitem');
    await expect(drawn).toHaveCount(10);
    await expect(area.getByText(/of 10 hit · .* nonce 0/)).toBeVisible();
    const numbers = await drawn.allTextContents();
    await expectMyBets(page, 'Keno');

    expect(await verify(page, { gameLabel: 'Keno', clientSeed: CLIENT_SEED, nonce: 0 })).toBe(`Drawn ${numbers.join(', ')}`);
    expect(errors).toEqual([]);
  });

  test('mines', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'mines', CLIENT_SEED);
    await area.getByLabel('Mines', { exact: true }).selectOption('5');
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const board = area.getByRole('group', { name: 'Mines board' });
    await expect(area.getByRole('button', { name: 'Cashout' })).toBeDisabled();
    await board.getByRole('button', { name: 'Tile 13', exact: true }).click();
    // Tile 13 is a gem (then cash out) or a mine (the round is over); either way the board is shown.
    const cashout = area.getByRole('button', { name: 'Cashout' });
    const tile13 = board.getByRole('button', { name: /^Tile 13: (gem|mine)$/ });
    await expect(tile13).toBeVisible();
    if ((await tile13.getAttribute('aria-label')) === 'Tile 13: gem') {
      await expect(cashout).toBeEnabled();
      await cashout.click();
      await expect(area.getByText(/^Cashed out at .* nonce 0$/)).toBeVisible();
    } else {
      await expect(area.getByText(/^Mine hit on tile 13\. Round lost · nonce 0$/)).toBeVisible();
    }
    const mines = board.getByRole('button', { name: /: mine$/ });
    await expect(mines).toHaveCount(5);
    const tiles = (await mines.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
      .map((label) => Number(/^Tile (\d+)/.exec(label)?.[1]) - 1)
      .sort((a, b) => a - b);
    await expectMyBets(page, 'Mines');

    const outcome = await verify(page, { gameLabel: 'Mines', clientSeed: CLIENT_SEED, nonce: 0, fields: { Mines: '5' } });
    const verified = /^Mines at ([\d, ]+)$/.exec(outcome)?.[1]?.split(', ').map(Number);
    expect(verified).toHaveLength(5);
    expect([...verified!].sort((a, b) => a - b)).toEqual(tiles);
    expect(errors).toEqual([]);
  });

  test('limbo animates to the result with full motion', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'limbo', CLIENT_SEED, 'no-preference');
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    // the climb takes at most about 3 s; the button reads Rolling... meanwhile
    await expect(area.getByRole('button', { name: 'Bet', exact: true })).toBeEnabled();
    await expect(area.getByText(/nonce 0/)).toBeVisible();
    const result = (await area.getByRole('status', { name: 'Result' }).textContent()) ?? '';
    expect(await verify(page, { gameLabel: 'Limbo', clientSeed: CLIENT_SEED, nonce: 0 })).toBe(`Result ${result}`);
    expect(errors).toEqual([]);
  });

  test('crash: Cash Out while running ends the round, with full motion', async ({ page }) => {
    const errors = collectErrors(page);
    // A fixed next server seed whose crash point for CLIENT_SEED at nonce 0 is 55.66×, so the round is
    // still running when Cash Out is clicked (a random seed often crashes near 1× first).
    await page.addInitScript((state) => localStorage.setItem('pf-seeds-v1', JSON.stringify(state)), {
      serverSeed: '0'.repeat(64),
      nextServerSeed: 'a5230760f074178d4e09a8d91bbbabc87f5bbfe70ad590c72c3aafb50593443c',
      clientSeed: 'initial',
      draftClientSeed: 'initial',
      nonce: 0,
    });
    const area = await openGame(page, 'crash', CLIENT_SEED, 'no-preference');
    await setBet(area, '1');
    await area.getByLabel('Cash Out At', { exact: true }).fill('1000');
    await area.getByRole('button', { name: 'Start' }).click();
    await expect(area.getByRole('button', { name: 'Running...' })).toBeDisabled();
    await area.getByRole('button', { name: 'Cash Out' }).click();
    const end = area.getByText(/^Crash point \d+\.\d{2}×$/);
    await expect(end).toHaveText('Crash point 55.66×');
    await expect(area.getByText(/^Cashed out at/)).toBeVisible();
    await expect(area.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(await verify(page, { gameLabel: 'Crash', clientSeed: CLIENT_SEED, nonce: 0 })).toBe('Crash point 55.66×');
    expect(errors).toEqual([]);
  });
});

// The result chips (recent-results.tsx, shared by dice, limbo, crash and plinko): a losing chip's red text on its
// red tint measured 3.95:1 in the dark theme; axe asks 4.5:1.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`dice: a losing result chip passes axe colour contrast (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/games/dice');
    const area = page.getByTestId('game-area');
    await setBet(area, '1');
    const chips = area.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem');
    // About one roll in two loses: roll until a loss (and a win) show.
    for (let i = 0; i < 30; i += 1) {
      const texts = await chips.allTextContents();
      if (texts.some((t) => t.endsWith(' loss')) && texts.some((t) => t.endsWith(' win'))) break;
      await area.getByRole('button', { name: 'Bet', exact: true }).click();
      await expect(chips).toHaveCount(Math.min(i + 1, 12));
    }
    await expect(chips.filter({ hasText: / loss$/ }).first()).toBeVisible();
    expect(await seriousAxeViolations(page, { include: '[aria-label="Recent rolls"]', rules: ['color-contrast'] })).toEqual([]);
  });
}
