import { describe, expect, it } from 'vitest';
import { socialAccounts } from '../../db/schema.ts';
import { makeUser, useTestApp } from '../../test/factories.ts';
import { platformAccountOf, viewerAccountOf } from './viewer-account.ts';

describe(`the account linked to a viewer (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  it('a linked Kick viewer reads as their site account, and the member as their Kick account; an unlinked one as null', async () => {
    const member = await makeUser(t.app, { points: 250, xp: 1200, verified: false });
    const other = await makeUser(t.app);
    await t.app.db
      .insert(socialAccounts)
      .values({ userId: member.id, platform: 'kick', externalId: '4242', username: 'kickfan', createdAt: t.app.clock.now() });

    expect(await viewerAccountOf(t.app.db, 'kick', '4242')).toEqual({ id: member.id, emailVerified: false, bannedAt: null, points: 250, xp: 1200 });
    expect(await viewerAccountOf(t.app.db, 'kick', '4243')).toBeNull();
    expect(await platformAccountOf(t.app.db, 'kick', member.id)).toEqual({ platformUserId: '4242', username: 'kickfan' });
    expect(await platformAccountOf(t.app.db, 'kick', other.id)).toBeNull();
  });
});
