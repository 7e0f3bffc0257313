import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { collectErrors } from './support/console-errors';
import { openGame, setBet, verify, expectMyBets } from './support/games';

// Plinko and Duck Duck Goose each play a round to a visible result with no console error; the
// round shows in My Bets, and the Fairness dialog's Verify tab reproduces it from the revealed server seed,
// the client seed, the nonce and the game's settings (rows and risk; difficulty and hunts). Axe in both themes.

const CLIENT_SEED = 'e2e-plinko-ddg-client-seed';

const nzd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NZD' }).format(amount);

/** Live Stats counts the rounds: their stakes as Wagered, payout − stake as Profit, each a win or a loss. */
async function expectLiveStats(page: Page, { rounds, wagered, profit }: { rounds: number; wagered: number; profit: number }) {
  await page.getByRole('toolbar', { name: 'Game tools' }).getByRole('button', { name: 'Live stats' }).click();
  const panel = page.getByRole('dialog', { name: 'Live Stats' });
  const tile = (label: string) => panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(tile('Wagered')).toHaveText(nzd(wagered));
  await expect(tile('Profit')).toHaveText(nzd(profit));
  expect(Number(await tile('Wins').textContent()) + Number(await tile('Losses').textContent())).toBe(rounds);
  await panel.getByRole('button', { name: 'Close Live Stats' }).click();
  await expect(panel).toBeHidden();
}

test.describe('plinko', () => {
  test('one ball with 12 rows on Medium lands, shows in My Bets, and Verify reproduces it', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'plinko', CLIENT_SEED);
    const rows = area.getByRole('slider', { name: 'Rows' });
    await expect(rows).toHaveAttribute('aria-valuenow', '8');
    await rows.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect(rows).toHaveAttribute('aria-valuenow', '12');
    await area.getByLabel('Risk', { exact: true }).selectOption('medium');
    await expect(area.getByRole('list', { name: 'Buckets' }).getByRole('listitem')).toHaveCount(13);
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const last = area.getByRole('status', { name: 'Last ball' });
    await expect(last).toContainText('nonce 0');
    const result = /^(Slot \d+ · \d+\.\d{2}×)/.exec((await last.textContent()) ?? '')?.[1];
    expect(result).toBeTruthy();
    await expect(area.getByRole('list', { name: 'Buckets' }).locator('[data-hit]')).toHaveCount(1);
    await expectMyBets(page, 'Plinko', 1);
    const multiplier = Number(/ · (\d+\.\d{2})×/.exec(result!)?.[1]);
    await expectLiveStats(page, { rounds: 1, wagered: 1, profit: multiplier - 1 });

    expect(await verify(page, { gameLabel: 'Plinko', clientSeed: CLIENT_SEED, nonce: 0, fields: { Rows: '12' }, selects: { Risk: 'Medium' } })).toBe(result);
    expect(errors).toEqual([]);
  });

  test('with full motion two balls fall at once, each its own bet and nonce', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'plinko', CLIENT_SEED, 'no-preference');
    await setBet(area, '1');
    // The page's clock stands still while both balls are dropped, so a slow machine cannot land the first early.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const bet = area.getByRole('button', { name: 'Bet', exact: true });
    await bet.click();
    await bet.click();
    await expect(area.getByRole('img', { name: /2 balls falling$/ })).toBeVisible();
    await expect(area.getByLabel('Risk', { exact: true })).toBeDisabled();
    await expect(area.getByRole('status', { name: 'Last ball' })).not.toContainText('nonce');
    // 8 rows take about a second: both land, the settings unlock
    await page.clock.runFor(1_500);
    await page.clock.resume();
    await expect(area.getByRole('img', { name: 'Plinko board with 8 rows of pegs' })).toBeVisible();
    await expect(area.getByLabel('Risk', { exact: true })).toBeEnabled();
    await expect(area.getByRole('list', { name: 'Recent balls' }).getByRole('listitem')).toHaveCount(2);
    const last = area.getByRole('status', { name: 'Last ball' });
    await expect(last).toContainText('nonce 1');
    const result = /^(Slot \d+ · \d+\.\d{2}×)/.exec((await last.textContent()) ?? '')?.[1];
    await expectMyBets(page, 'Plinko', 2);
    await expectLiveStats(page, {
      rounds: 2,
      wagered: 2,
      profit: (await area.getByRole('list', { name: 'Recent balls' }).getByRole('listitem').allTextContents())
        .map((t) => Number(/^(\d+\.\d{2})×/.exec(t)?.[1]) - 1)
        .reduce((a, b) => a + b, 0),
    });
    expect(await verify(page, { gameLabel: 'Plinko', clientSeed: CLIENT_SEED, nonce: 1, fields: { Rows: '8' }, selects: { Risk: 'Low' } })).toBe(result);
    expect(errors).toEqual([]);
  });
});

test.describe('duck duck goose', () => {
  test('a round on Pleb (hunt, hunt again, cash out unless a duck came) shows in My Bets, and Verify reproduces it', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'duckduckgoose', CLIENT_SEED);
    await area.getByLabel('Difficulty', { exact: true }).selectOption('pleb');
    await setBet(area, '1');
    await expect(area.getByRole('button', { name: 'Hunt Again' })).toBeDisabled();
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const status = area.getByRole('status', { name: 'Round' });
    await expect(status).toContainText('nonce 0');
    await expect(area.getByRole('button', { name: 'Hunt Again' })).toBeEnabled();
    const slots = area.getByRole('list', { name: 'Slots' });
    await expect(slots.getByRole('listitem').filter({ hasText: /^(Goose|Duck)$/ })).toHaveCount(1);
    if ((await status.textContent())?.startsWith('Goose!')) {
      await area.getByRole('button', { name: 'Hunt Again' }).click();
      await expect(area.getByRole('list', { name: 'Hunts' }).getByRole('listitem')).toHaveCount(2);
      if ((await status.textContent())?.startsWith('Goose!')) {
        await expect(status).toHaveText('Goose! Multiplier 1.40× · nonce 0. Hunt again or cash out.');
        await area.getByRole('button', { name: 'Cashout' }).click();
        await expect(status).toHaveText(/^Cashed out at 1\.40× · payout 1\.40000000 NZD · nonce 0$/);
      }
    }
    await expect(status).toHaveText(/^(Cashed out at|Duck! The bet is lost)/);
    await expect(area.getByText('Multiplier', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1.00×');
    const hunts = await area.getByRole('list', { name: 'Hunts' }).getByRole('listitem').allTextContents();
    const round = area.getByText(/^Round (Goose|Duck)/);
    const expected = ((await round.textContent()) ?? '').replace(/^Round /, '');
    expect(expected.startsWith(hunts.join(', '))).toBe(true);
    await expectMyBets(page, 'Duck Duck Goose', 1);
    await expectLiveStats(page, { rounds: 1, wagered: 1, profit: expected.endsWith('lost') ? -1 : 0.4 });

    expect(
      await verify(page, {
        gameLabel: 'Duck Duck Goose',
        clientSeed: CLIENT_SEED,
        nonce: 0,
        fields: { Hunts: String(hunts.length) },
        selects: { Difficulty: 'Pleb' },
      }),
    ).toBe(expected);
    expect(errors).toEqual([]);
  });

  test('with full motion the indicator cycles and lands on a slot that shows the result', async ({ page }) => {
    const errors = collectErrors(page);
    const area = await openGame(page, 'duckduckgoose', CLIENT_SEED, 'no-preference');
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    const status = area.getByRole('status', { name: 'Round' });
    await expect(status).toHaveText('Hunting...');
    await expect(area.getByRole('button', { name: 'Cashout' })).toBeDisabled();
    // 20 to 29 steps of 200 ms: at most 5.8 s
    await expect(status).toContainText('nonce 0', { timeout: 10_000 });
    const landed = area.getByRole('list', { name: 'Slots' }).locator('li[aria-current="true"]');
    await expect(landed).toHaveText(/^(Goose|Duck)$/);
    const hunt = (await landed.textContent()) ?? '';
    // a goose leaves the round open (rotation waits for it): cash out first
    if (hunt === 'Goose') await area.getByRole('button', { name: 'Cashout' }).click();
    await expect(status).toHaveText(/^(Cashed out at 2\.00×|Duck! The bet is lost)/);
    await expectMyBets(page, 'Duck Duck Goose', 1);
    expect(
      await verify(page, { gameLabel: 'Duck Duck Goose', clientSeed: CLIENT_SEED, nonce: 0, fields: { Hunts: '1' }, selects: { Difficulty: 'Medium' } }),
    ).toMatch(new RegExp(`^${hunt} · `));
    expect(errors).toEqual([]);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`plinko has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/games/plinko');
    const area = page.getByTestId('game-area');
    await expect(area.getByRole('region', { name: 'Plinko controls' })).toBeVisible();
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(area.getByRole('status', { name: 'Last ball' })).toContainText('nonce');
    await area.getByRole('slider', { name: 'Rows' }).focus();
    await page.keyboard.press('End');
    await expect(area.getByRole('list', { name: 'Buckets' }).getByRole('listitem')).toHaveCount(19);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test(`duck duck goose has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/games/duckduckgoose');
    const area = page.getByTestId('game-area');
    await expect(area.getByRole('region', { name: 'Duck Duck Goose controls' })).toBeVisible();
    await setBet(area, '1');
    await area.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(area.getByRole('status', { name: 'Round' })).toContainText('nonce');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
