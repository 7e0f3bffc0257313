import { expectNoSeriousAxeViolations } from './support/axe';
import { createVerifiedUser, demo, expect, signInByApi, test } from './support/fixtures';
import { holdRequests, recordLayoutShifts } from './support/layout';

test.describe('rewards page', () => {
  test('a visitor sees the tiers and How It Works but not the signed-in section', async ({ page }) => {
    await page.goto('/rewards');
    const carousel = page.getByRole('region', { name: 'VIP tiers' });
    await expect(carousel.getByRole('group')).toHaveCount(8);
    await expect(carousel.getByRole('group', { name: 'Rookie, 1 of 8' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Rewards', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Claim Code' })).toHaveCount(0);
  });

  test('the Levels carousel moves with its next and previous buttons', async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 900 });
    await page.goto('/rewards');
    const carousel = page.getByRole('region', { name: 'VIP tiers' });
    const previous = carousel.getByRole('button', { name: 'Previous tier' });
    await expect(previous).toBeDisabled();
    await carousel.getByRole('button', { name: 'Next tier' }).click();
    await expect(previous).toBeEnabled();
    await expect(carousel.getByRole('group', { name: 'Bronze, 2 of 8' })).toBeInViewport();
  });

  test('a verified member claims a promo code: blank is an error, a code succeeds and clears', async ({ page }) => {
    await signInByApi(page, demo);
    await page.goto('/rewards');
    await expect(page.getByRole('heading', { name: 'Your Rewards', exact: true })).toBeVisible();

    const claim = page.getByRole('button', { name: 'Claim Code' });
    await claim.click();
    await expect(page.getByText('Please enter a promo code.')).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();

    // Dismiss it, then a blank (whitespace-only) code must raise the same error again.
    await page.getByRole('button', { name: 'Close toast' }).click();
    await expect(page.getByText('Please enter a promo code.')).toHaveCount(0);
    const input = page.getByLabel('Promo code');
    await input.fill('   ');
    await claim.click();
    await expect(page.getByText('Please enter a promo code.')).toBeVisible();
    await expect(page.getByText('Code Claimed!')).toHaveCount(0);

    await input.fill('STREAM50');
    await claim.click();
    await expect(page.getByText('Code Claimed!')).toBeVisible();
    await expect(page.getByText('Your promo code has been redeemed.')).toBeVisible();
    await expect(input).toHaveValue('');
  });

  test('a new member sees the rank cards of their real XP (0: working toward Bronze 1) and claims rakeback', async ({ page }, testInfo) => {
    // A fresh account: the demo user's XP moves with e2e/wagers.spec.ts, which may run alongside.
    await createVerifiedUser(page, 'rank', testInfo.workerIndex);
    await page.goto('/rewards');
    const current = page.getByRole('region', { name: 'Current Rank' });
    await expect(current.getByText('Unranked', { exact: true })).toBeVisible();
    await expect(current.getByText('0 XP of 20 XP')).toBeVisible();
    await expect(current.getByText('0% of the way to Bronze 1')).toBeVisible();
    // Not the spec's demo XP (5,000,000, 'Gold 4') shown as if it were theirs.
    await expect(current.getByText('Gold 4', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Locked until Bronze 3')).toBeVisible();
    await expect(page.getByText('Locked until Silver 1')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ranks' }).getByRole('listitem')).toHaveCount(24);
    await expect(page.getByRole('progressbar', { name: 'Bronze 1 progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('group', { name: 'Rookie, 1 of 8' }).getByText('Your tier')).toBeVisible();

    await page.getByRole('button', { name: 'Claim Rakeback' }).click();
    await expect(page.getByText('Rakeback Claimed!')).toBeVisible();
    await expect(page.getByText('Your instant rakeback has been added to your account.')).toBeVisible();
  });

  test('the rank cards keep their size while the XP loads, and nothing moves', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 3000 });
    const shifts = await recordLayoutShifts(page);
    const release = await holdRequests(page, '**/api/wagers/summary');
    await signInByApi(page, demo);
    await page.goto('/rewards');
    const current = page.getByRole('region', { name: 'Current Rank' });
    await expect(current.getByRole('status')).toHaveText('Loading your rank…');
    await expect(page.getByText(/^Locked until|^Unlocked$/)).toHaveCount(0);
    const boxes = async () => ({
      current: await current.boundingBox(),
      ranks: await page.getByRole('region', { name: 'Ranks' }).boundingBox(),
      tiers: await page.getByRole('region', { name: 'VIP tiers' }).boundingBox(),
      howItWorks: await page.getByRole('heading', { name: 'How It Works' }).boundingBox(),
    });
    const loading = await boxes();
    const shiftsBefore = await shifts();
    release();
    await expect(current.getByRole('progressbar', { name: /^Progress to / })).toBeVisible();
    await expect(page.getByText('Locked until Silver 1')).toBeVisible();
    expect(await boxes()).toEqual(loading);
    // Nothing moved when the XP arrived. (The session's arrival is the subject of the test below.)
    expect(await shifts()).toEqual(shiftsBefore);
  });

  // A member's fresh page load: the session comes back from the refresh cookie, then the XP. The
  // header and the page must not move when either arrives (Lighthouse, a visitor, never sees this).
  // Each page is taller than its viewport: a shorter one would move the footer up when the page's
  // chunk replaces the screen-high space of root-layout, which is not this test's subject.
  for (const viewport of [
    { width: 1366, height: 2400 },
    { width: 1024, height: 3000 },
    { width: 375, height: 3000 },
  ]) {
    test(`a member's fresh load keeps the header and the page still while the session is restored (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const shifts = await recordLayoutShifts(page);
      await signInByApi(page, demo);
      const releaseSession = await holdRequests(page, '**/api/auth/refresh');
      const releaseSummary = await holdRequests(page, '**/api/wagers/summary');
      await page.goto('/rewards');
      await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'VIP tiers' }).getByRole('group')).toHaveCount(8);
      // While the session is restored: nothing of the member's shows yet, and the placeholders pass axe.
      await expect(page.getByRole('heading', { name: 'Your Rewards', exact: true })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, `rewards while the session is restored (${viewport.width} px)`);
      releaseSession();
      const current = page.getByRole('region', { name: 'Current Rank' });
      await expect(current.getByRole('status')).toHaveText('Loading your rank…');
      if (viewport.width >= 1280) await expect(page.getByRole('link', { name: /^Profile of / })).toBeVisible();
      releaseSummary();
      await expect(current.getByRole('progressbar', { name: /^Progress to / })).toBeVisible();
      await expect(page.getByRole('group', { name: /of 8$/ }).getByText('Your tier')).toBeVisible();
      const moved = await shifts();
      const total = moved.reduce((sum, shift) => sum + Number.parseFloat(shift), 0);
      expect(total, `summed layout shift ${total.toFixed(4)}:\n${moved.join('\n')}`).toBeLessThan(0.05);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme}, signed in)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await signInByApi(page, demo);
      await page.goto('/rewards');
      await expect(page.getByRole('heading', { name: 'Your Rewards', exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `rewards (${colorScheme})`);
    });
  }
});
