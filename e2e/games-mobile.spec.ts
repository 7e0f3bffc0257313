import { expect, test, type Locator, type Page } from '@playwright/test';
import { GAMES, type GameSlug } from '@app/shared/games/catalogue';
import { checkBothSchemes } from './support/axe';
import { collectErrors } from './support/console-errors';

/*
 * A game on a phone (375 × 667): the game area keeps its height (75% of the viewport, spec 2 §2) and, as the page
 * opens, shows the board's result and the game's Bet button inside it, with no scrolling inside the area; the other
 * settings may scroll below them. One page load per game, and axe on each in both colour schemes.
 */

type PhoneGame = {
  /** The main button that plays a round. */
  play: (area: Locator) => Locator;
  /** Where the round's result is shown. */
  result: (area: Locator) => Locator;
};

const named = (area: Locator, name: string) => area.getByRole('button', { name, exact: true });

const PHONE_GAMES: Record<Exclude<GameSlug, 'dealornodeal'>, PhoneGame> = {
  dice: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('status', { name: 'Last roll', exact: true }) },
  limbo: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('status', { name: 'Result', exact: true }) },
  crash: { play: (a) => named(a, 'Start'), result: (a) => a.getByRole('status', { name: 'Multiplier', exact: true }) },
  keno: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('region', { name: 'Keno', exact: true }).locator('p[aria-live="polite"]') },
  mines: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('region', { name: 'Mines game', exact: true }).locator('p[aria-live="polite"]') },
  plinko: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('status', { name: 'Last ball', exact: true }) },
  roulette: { play: (a) => named(a, 'Spin'), result: (a) => a.getByRole('status', { name: 'Last spin', exact: true }) },
  blackjack: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('status', { name: 'Hand result', exact: true }) },
  duckduckgoose: { play: (a) => named(a, 'Bet'), result: (a) => a.getByRole('status', { name: 'Round', exact: true }) },
};

/** The part of the area a player sees without scrolling it: its box inside the borders, at scroll 0. */
async function visibleAreaOf(area: Locator) {
  return area.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top + el.clientTop, bottom: box.top + el.clientTop + el.clientHeight, scrollTop: el.scrollTop, height: box.height };
  });
}

async function expectInside(page: Page, what: string, target: Locator, area: { top: number; bottom: number }) {
  await expect(target, what).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.y, `${what}: top inside the game area`).toBeGreaterThanOrEqual(area.top);
  expect(box.y + box.height, `${what}: bottom inside the game area`).toBeLessThanOrEqual(area.bottom);
  // Inside the viewport too: the page itself is not scrolled either.
  expect(box.y + box.height, `${what}: on the screen`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test.describe('games on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('every game but Deal or No Deal is listed here', () => {
    // Deal or No Deal is played live on the stream: it has no Bet button (a round is joined while it opens).
    expect(Object.keys(PHONE_GAMES).sort()).toEqual(
      GAMES.map((g) => g.slug)
        .filter((slug) => slug !== 'dealornodeal')
        .sort(),
    );
  });

  for (const [slug, game] of Object.entries(PHONE_GAMES)) {
    test(`/games/${slug}: the result and the Bet button fit the game area at 375 × 667`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(`/games/${slug}`);
      const area = page.getByTestId('game-area');
      // The game's own chunk loads after the page: on a busy machine that can take a while.
      await expect(area.getByRole('region', { name: /controls$/ })).toBeVisible({ timeout: 30_000 });
      const visible = await visibleAreaOf(area);
      expect(visible.scrollTop).toBe(0);
      // The area keeps its height: 75% of the viewport.
      expect(Math.round(visible.height)).toBe(Math.round(667 * 0.75));
      await expectInside(page, `${slug} result`, game.result(area), visible);
      await expectInside(page, `${slug} play button`, game.play(area), visible);
      // The other settings may scroll below: the area scrolls, the page does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await checkBothSchemes(page, `/games/${slug} at 375 × 667`);
      expect(errors).toEqual([]);
    });
  }
});
