import axeCore from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The oldest axe-core the checks accept: 4.14 made 'label-content-name-mismatch' (WCAG 2.5.3) a serious rule. */
export const minimumAxeVersion = [4, 14] as const;

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

function isAtLeastMinimum(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > minimumAxeVersion[0] || (major === minimumAxeVersion[0] && minor >= minimumAxeVersion[1]);
}

export type AxeScope = {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Only these rules (for example the colour rules, when only the colour scheme changed). */
  rules?: string[];
};

/** The rules whose outcome depends on colours: all that changes between the dark and light theme. */
export const colourRules = ['color-contrast', 'link-in-text-block'];

type AxeWindow = { axe?: typeof axeCore };

/**
 * Runs axe on the page as it is now and returns its serious and critical findings. The engine is
 * put into the page once and stays there through in-app navigation (a reload or `goto` drops it, and
 * the next call puts it back): @axe-core/playwright evaluated its whole source again on every call,
 * which took about two thirds of each check. The app has no frames, so the page's document is all
 * there is to check; only violations are collected (not every passing element).
 */
export async function seriousAxeViolations(page: Page, scope: AxeScope = {}): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!loaded) await page.evaluate(axeCore.source);
  const results = await page.evaluate(
    ({ include, rules }) =>
      (window as AxeWindow).axe!.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
      }),
    { include: scope.include ?? null, rules: scope.rules ?? null },
  );
  expect(isAtLeastMinimum(results.testEngine.version), `axe-core ${results.testEngine.version} is older than 4.14`).toBe(true);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Fails, naming `label`, when axe finds a serious or critical violation on the page; the message
 * lists each rule with the elements it found.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, scope: AxeScope = {}): Promise<void> {
  const findings = await seriousAxeViolations(page, scope);
  const report = findings.map((f) => `${f.impact} ${f.id} (${f.help}): ${f.targets.join(', ')}`).join('\n');
  // Soft: a list of routes goes on after a finding, so one run reports all of them.
  expect.soft(findings, `${label}: serious or critical axe violations\n${report}`).toEqual([]);
}

/** Colours are read with no transition under way: a theme switch must not be measured half-way. */
export const noTransitions = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';

/**
 * Switches a loaded page to a colour scheme and waits until the app has followed it (its `dark`
 * class), with transitions off: axe must not sample colours half-way through a theme change.
 */
export async function switchColourScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.addStyleTag({ content: noTransitions });
  await page.emulateMedia({ colorScheme });
  if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

/**
 * Checks the page in both colour schemes (the app follows the system scheme live): every rule in
 * dark, then the colour rules again in light, since nothing else changes with the scheme.
 */
export async function checkBothSchemes(page: Page, label: string): Promise<void> {
  await switchColourScheme(page, 'dark');
  await expectNoSeriousAxeViolations(page, `${label} (dark)`);
  await switchColourScheme(page, 'light');
  await expectNoSeriousAxeViolations(page, `${label} (light)`, { rules: colourRules });
}

/**
 * A stream overlay in both themes: overlays follow their URL's `?theme=dark|light` (dark by default),
 * not the system's colour scheme, so each theme is a load of the overlay's URL with it. The light
 * pass checks the colour rules only, as checkBothSchemes does.
 */
export async function checkOverlayThemes(page: Page, label: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    const url = new URL(page.url());
    url.searchParams.set('theme', theme);
    await page.goto(url.toString());
    await page.addStyleTag({ content: noTransitions });
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `${label} (${theme})`, theme === 'light' ? { rules: colourRules } : {});
  }
}
