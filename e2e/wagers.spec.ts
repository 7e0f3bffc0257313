import { tokenFor } from './support/admin-api';
import { colourRules, expectNoSeriousAxeViolations, switchColourScheme } from './support/axe';
import { admin, demo, expect, signInByApi, test } from './support/fixtures';

/**
 * Wagers end to end: the demo user links a Stake username, the admin verifies it and imports a CSV
 * for it through the admin console (user dialog, Wager Import screen), and the demo user's
 * points, level and casino account, rank cards and VIP tier, and the public leaderboard (its page
 * and the landing page's top 5), show the new figures.
 */
test('a linked, verified Stake account earns from an imported CSV: points, level, profile, dashboard, rewards, leaderboard and landing', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // One journey through eight screens with a dozen axe runs: over a minute on a busy 2-core machine.
  test.slow();
  const stakeName = `e2e_stake_${Date.now().toString(36)}`;
  const asAdmin = { authorization: `Bearer ${await tokenFor(request, admin)}` };
  const demoToken = await tokenFor(request, demo);
  const me = (await (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${demoToken}` } })).json()) as {
    user: { id: string; username: string; points: number };
  };
  const pointsBefore = me.user.points;

  // A race of our own that is surely the featured one: Active, monthly, at Stake, the largest pool.
  const now = Date.now();
  const race = await request.post('/api/admin/leaderboards', {
    headers: asAdmin,
    data: {
      name: `E2E Stake Monthly ${now.toString(36)}`,
      metric: 'Total Wager',
      partnerId: 'p1',
      prizes: [
        { position: '1', amount: 5000 },
        { position: '2', amount: 2500 },
      ],
      prizePool: 9_000_000,
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
      isActive: true,
      status: 'Active',
      startDate: new Date(now - 86_400_000).toISOString(),
      endDate: new Date(now + 29 * 86_400_000).toISOString(),
    },
  });
  expect(race.status(), await race.text()).toBe(201);

  // The demo user links the username on the profile's Casino Accounts tab.
  await signInByApi(page, demo);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Casino Accounts' }).click();
  const form = page.getByRole('form', { name: 'Add casino account' });
  await form.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'Stake' }).click();
  await form.getByLabel('Username').fill(stakeName);
  await form.getByRole('button', { name: 'Add Account' }).click();
  const item = page.getByRole('listitem', { name: `Stake ${stakeName}` });
  await expect(item.getByText('Pending verification')).toBeVisible();
  // The tab's own content (the 'Username Added' toast fades in over it while axe would sample colours).
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColourScheme(page, colorScheme);
    await expectNoSeriousAxeViolations(page, `profile casino accounts (${colorScheme})`, { include: '[role="tabpanel"]' });
  }

  // The admin verifies it in the user dialog's Casino Accounts tab and imports a CSV on the Wager Import screen.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, admin);
  await adminPage.goto('/admin/users');
  // Searched for: the list is newest first, and the run's other specs register many users.
  await adminPage.getByLabel('Search users').fill(demo.email);
  await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
  await adminPage
    .getByRole('row', { name: new RegExp(demo.email) })
    .getByRole('button', { name: /^View / })
    .click();
  const details = adminPage.getByRole('dialog', { name: 'User details' });
  await details.getByRole('tab', { name: 'Casino Accounts' }).click();
  const accountRow = details.getByRole('row').filter({ has: adminPage.getByRole('cell', { name: stakeName, exact: true }) });
  await expect(accountRow.getByText('Pending', { exact: true })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColourScheme(adminPage, colorScheme);
    await expectNoSeriousAxeViolations(adminPage, `admin casino accounts tab (${colorScheme})`, { include: '[role="tabpanel"]' });
  }
  await accountRow.getByRole('button', { name: `Verify Stake account ${stakeName}` }).click();
  await expect(accountRow.getByText('Verified', { exact: true })).toBeVisible();
  await expect(accountRow.getByRole('button', { name: /^Verify / })).toHaveCount(0);
  await adminPage.keyboard.press('Escape');

  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Wager Import' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Wager Import' })).toBeVisible();
  await adminPage.getByLabel('Partner').selectOption({ label: 'Stake' });
  const today = new Date().toISOString().slice(0, 10);
  const csv = `username,date,category,wagered\n${stakeName},${today},slots,2500.75\n${stakeName},${today},blackjack,1000\nnobody,2026-13-40,slots,5\n`;
  await adminPage.getByLabel('CSV file').setInputFiles({ name: 'stake.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = adminPage.getByRole('table', { name: /first 10 rows/ });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('cell', { name: '2500.75' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Import' }).click();
  const result = adminPage.getByRole('region', { name: 'Import result' });
  const fact = (label: string) =>
    result
      .locator('div')
      .filter({ has: adminPage.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(fact('Rows')).toHaveText('3');
  await expect(fact('Inserted')).toHaveText('2');
  await expect(fact('Rejected')).toHaveText('1');
  await expect(fact('Points credited')).toHaveText('3,500');
  await expect(result.getByRole('table', { name: 'Rejected lines' }).getByRole('row')).toHaveCount(2);
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColourScheme(adminPage, colorScheme);
    await expectNoSeriousAxeViolations(adminPage, `admin wager import result (${colorScheme})`, { include: 'main' });
  }
  // The same file again changes nothing.
  await adminPage.getByRole('button', { name: 'Import' }).click();
  await expect(fact('Unchanged')).toHaveText('2');
  await expect(fact('Points credited')).toHaveText('0');
  await adminContext.close();

  // The demo user's profile: points, level from XP (3,500 is Bronze 3) and the account's wagers.
  await page.reload();
  await page.getByRole('tab', { name: 'Casino Accounts' }).click();
  await expect(item.getByText('Verified')).toBeVisible();
  await expect(item.getByText('$3,500.75').first()).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Your account' });
  await expect(sidebar.getByText(`${(pointsBefore + 3500).toLocaleString('en-US')} points`)).toBeVisible();
  await expect(sidebar.getByText('Level 3 · Bronze 3')).toBeVisible();

  // The dashboard's welcome card: this week's and month's wagers, the race's tickets and place.
  await page.goto('/dashboard');
  const welcome = page.getByRole('region', { name: /^Welcome back/ });
  await expect(welcome.getByText('Level 3 · Bronze 3')).toBeVisible();
  await expect(welcome.getByText('$3,500.75')).toHaveCount(2);
  await expect(welcome.getByText(/^#1 in E2E Stake Monthly/)).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColourScheme(page, colorScheme);
    await expectNoSeriousAxeViolations(page, `dashboard welcome card (${colorScheme})`, { include: '[aria-labelledby="dashboard-welcome-title"]' });
  }

  // The public leaderboard: the demo user leads the featured race, masked.
  await page.goto('/leaderboard');
  const podium = page.getByRole('region', { name: 'Top 3' });
  const leader = podium.getByRole('listitem').first();
  // Masked (first two and last character), since the demo user has not opted in to show the name, and
  // marked as the member's own row.
  const name = me.user.username;
  await expect(leader.getByRole('heading', { level: 3 })).toHaveText(new RegExp(`^${name.slice(0, 2)}\\*{3,}${name.slice(-1)}You$`));
  await expect(leader).toHaveAttribute('aria-current', 'true');
  await expect(leader.getByText('$3,500.75')).toBeVisible();
  await expect(page.getByText('Every $1,000 wagered gives one ticket.')).toBeVisible();

  // /rewards: the rank cards and VIP tiers follow the real XP (3,500: Bronze 3 reached, Bronze 4 next).
  await page.goto('/rewards');
  const current = page.getByRole('region', { name: 'Current Rank' });
  // The dashboard's rank and progress (one truth): Bronze 3 reached, 8% of the way from 2,000 to 20,000.
  await expect(current.getByText('Bronze 3', { exact: true })).toBeVisible();
  await expect(current.getByText('Level 3 · 0.25% rakeback')).toBeVisible();
  await expect(current.getByText('3,500 XP of 20,000 XP')).toBeVisible();
  await expect(current.getByText('8% of the way to Bronze 4', { exact: true })).toBeVisible();
  // Weekly Bonus (from Bronze 3) unlocked, Monthly Bonus (from Silver 1) not.
  const yourRewards = page.locator('[aria-labelledby="member-rewards-title"]');
  await expect(yourRewards.getByText('Unlocked', { exact: true })).toHaveCount(1);
  await expect(yourRewards.getByText('Locked until Bronze 3')).toHaveCount(0);
  await expect(yourRewards.getByText('Locked until Silver 1')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Bronze 3 progress' })).toHaveAttribute('aria-valuenow', '100');
  const tiers = page.getByRole('region', { name: 'VIP tiers' });
  // $3,500.75 of verified wager: Bronze ($1,000) is the member's tier, Silver ($5,000) not yet.
  await expect(tiers.getByRole('group', { name: 'Bronze, 2 of 8' }).getByText('Your tier')).toBeVisible();
  await expect(tiers.getByText('Your tier')).toHaveCount(1);
  await expect(tiers.getByRole('group', { name: 'Silver, 3 of 8' }).getByText('Unlocks at $5,000 spent')).toBeAttached();
  // Every rule in dark, then the colour rules again in light (nothing else changes with the scheme).
  for (const colorScheme of ['dark', 'light'] as const) {
    await switchColourScheme(page, colorScheme);
    const rules = colorScheme === 'light' ? colourRules : undefined;
    await expectNoSeriousAxeViolations(page, `rewards rank cards (${colorScheme})`, { include: '[aria-labelledby="member-rewards-title"]', rules });
    await expectNoSeriousAxeViolations(page, `rewards VIP tiers (${colorScheme})`, { include: '[aria-labelledby="vip-levels-title"]', rules });
  }

  // The landing page's top 5 reads the same standings as /leaderboard: the demo user first, masked.
  await page.goto('/');
  const standings = page.getByRole('region', { name: 'Race standings' });
  const first = standings.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText(new RegExp(`^${name.slice(0, 2)}\\*{3,}${name.slice(-1)}$`));
  await expect(first.getByRole('cell', { name: '#1', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '$3,500.75' })).toBeVisible();
  await expect(first.getByRole('cell', { name: '$5,000' })).toBeVisible();
  await expect(standings.getByRole('row')).toHaveCount(6);
  await expect(page.getByText('Updated every 30 seconds')).toBeVisible();
  for (const colorScheme of ['dark', 'light'] as const) {
    await switchColourScheme(page, colorScheme);
    await expectNoSeriousAxeViolations(page, `landing race top 5 (${colorScheme})`, {
      include: 'section[aria-labelledby="race-title"]',
      rules: colorScheme === 'light' ? colourRules : undefined,
    });
  }
});
