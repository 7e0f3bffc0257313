import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';

/*
 * The axe helper every accessibility check relies on (support/axe.ts): it must find what axe finds,
 * keep to its scope and rules, and still work after the page's document is replaced. A static page
 * of its own, no server.
 */

const PAGE = `<!doctype html><html lang="en"><head><title>axe helper</title></head><body>
  <main>
    <h1>Checked</h1>
    <p id="faint" style="color:#777;background:#888">Faint text on grey</p>
    <img id="bare" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <section id="clean"><p style="color:#000;background:#fff">Black on white</p></section>
  </main>
</body></html>`;

const ids = (findings: { id: string }[]) => findings.map((f) => f.id).sort();

test('the axe helper finds serious violations, keeps to its scope and rules, and survives a new document', async ({ page }) => {
  await page.setContent(PAGE);
  const all = await seriousAxeViolations(page);
  expect(ids(all)).toEqual(['color-contrast', 'image-alt']);
  expect(all.find((f) => f.id === 'color-contrast')!.targets).toEqual(['#faint']);

  // Scope and rules: only the colour rule; only the clean section.
  expect(ids(await seriousAxeViolations(page, { rules: ['color-contrast'] }))).toEqual(['color-contrast']);
  expect(await seriousAxeViolations(page, { include: '#clean' })).toEqual([]);

  // A new document drops the engine put into the old one: the helper puts it back.
  await page.setContent(PAGE.replace('color:#777;background:#888', 'color:#000;background:#fff'));
  expect(ids(await seriousAxeViolations(page))).toEqual(['image-alt']);
});
