import { demo, expect, signInByApi, test } from './support/fixtures';

/**
 * The stream samples a demo install seeds (first-start seed; issue 42): what a visitor and a member
 * find on a fresh install instead of empty stream pages. Other specs add giveaways, rounds, kings and
 * challenges of their own as they run, so each check looks for the seeded item by its name, or for
 * the page not being in its empty state. What the seed writes, and that it writes it once through the
 * real operations, is tested by seed-demo-stream.test.ts and first-start-seed.test.ts.
 */

test('a visitor finds the finished sample hunt, the completed giveaway and a Deal or No Deal result', async ({ page }) => {
  await page.goto('/bonus-hunts');
  await expect(page.getByText('Sunday Sample Hunt').first()).toBeVisible();

  await page.goto('/raffles');
  await page.getByRole('tab', { name: 'Giveaways' }).click();
  await expect(page.getByText('A signed stream hoodie').first()).toBeVisible();

  await page.goto('/games/dealornodeal');
  await expect(
    page
      .getByRole('list', { name: 'Cases' })
      .or(page.getByRole('heading', { name: 'Last result' }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText('No round has been played yet.')).toHaveCount(0);
});

test('a member finds the sample challenge and a king on the hill', async ({ page }) => {
  await signInByApi(page, demo);
  await page.goto('/challenges');
  await expect(page.getByText('Hit 500× on Gates of Olympus').first()).toBeVisible();

  await page.goto('/gadgets/king-of-the-hill');
  const king = page.getByRole('region', { name: 'Current king' });
  await expect(king.getByText('Multiplier')).toBeVisible();
  await expect(king.getByText('Held for')).toBeVisible();
});
