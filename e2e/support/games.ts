import { expect, type Locator, type Page } from '@playwright/test';

/*
 * What the game specs share: a game page opened on a known seed pair, the bet input, and the Fairness
 * dialog's Verify tab recomputing a finished round.
 */

export async function openFairness(page: Page): Promise<Locator> {
  await page.getByRole('toolbar', { name: 'Game tools' }).getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** A fresh page: set a known client seed and rotate, so the next round is nonce 0 of a known pair. */
export async function openGame(page: Page, slug: string, clientSeed: string, reducedMotion: 'reduce' | 'no-preference' = 'reduce') {
  await page.emulateMedia({ reducedMotion });
  await page.goto(`/games/${slug}`);
  const area = page.getByTestId('game-area');
  await expect(area.getByRole('region', { name: /controls$/ })).toBeVisible();
  const dialog = await openFairness(page);
  await dialog.getByLabel('Client Seed', { exact: true }).fill(clientSeed);
  await dialog.getByRole('button', { name: 'Rotate Seeds' }).click();
  await expect(dialog.getByLabel('Total bets', { exact: true })).toHaveValue('0');
  await closeDialog(page, dialog);
  return area;
}

export async function setBet(area: Locator, amount: string) {
  const input = area.getByLabel('Bet Amount', { exact: true });
  await input.fill(amount);
  await expect(input).toHaveValue(amount);
}

/** Picks `option` in the select named `combobox` inside `scope`. */
export async function choose(page: Page, scope: Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: combobox })).toHaveText(option);
}

type VerifyRound = {
  gameLabel: string;
  clientSeed: string;
  nonce: number;
  /** The game's settings typed into text fields, by label. */
  fields?: Record<string, string>;
  /** The game's settings chosen in selects, by label. */
  selects?: Record<string, string>;
};

/** Rotates to reveal the round's server seed, then recomputes the round in Verify; returns 'Verified outcome'. */
export async function verify(page: Page, { gameLabel, clientSeed, nonce, fields = {}, selects = {} }: VerifyRound): Promise<string> {
  const dialog = await openFairness(page);
  await dialog.getByRole('button', { name: 'Rotate Seeds' }).click();
  const revealed = await dialog.getByLabel('Previous Server Seed', { exact: true }).inputValue();
  expect(revealed).toMatch(/^[0-9a-f]{64}$/);

  await dialog.getByRole('tab', { name: 'Verify' }).click();
  await choose(page, dialog, 'Game', gameLabel);
  await dialog.getByLabel('Server Seed', { exact: true }).fill(revealed);
  await dialog.getByLabel('Client Seed', { exact: true }).fill(clientSeed);
  await dialog.getByLabel('Nonce', { exact: true }).fill(String(nonce));
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  for (const [label, option] of Object.entries(selects)) await choose(page, dialog, label, option);
  const outcome = dialog.getByRole('status', { name: 'Verified outcome' });
  await expect(outcome).not.toBeEmpty();
  const text = (await outcome.textContent()) ?? '';
  await closeDialog(page, dialog);
  return text;
}

/** The round (or `count` rounds) landed in My Bets. */
export async function expectMyBets(page: Page, title: string, count = 1) {
  await page.getByRole('tab', { name: 'My Bets' }).click();
  await expect(page.getByRole('table', { name: 'My Bets' }).getByRole('row').filter({ hasText: title })).toHaveCount(count);
}
