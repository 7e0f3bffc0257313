import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { findUserByEmail } from '../users/index.ts';
import { presetTotp, sealPlainTotpSecrets } from './second-factor.ts';

/**
 * TOTP at start: secrets stored in plain text by an earlier version are sealed (once; idempotent),
 * and with ADMIN_TOTP_SECRET the configured admin's secret is preset (replacing any other, and its
 * recovery codes), so automated tests and first installs can sign in with a code. Runs after the
 * accounts are seeded.
 */
async function adminTotpSeed(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const sealed = await sealPlainTotpSecrets(app.db, app.totpBox);
  if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets stored in plain text were encrypted');
  const { admin, adminTotpSecret } = opts.config;
  if (!admin || !adminTotpSecret) return;
  const user = await findUserByEmail(app.db, admin.email);
  if (user) await presetTotp(app.db, app.totpBox, user.id, adminTotpSecret, app.clock.now());
}

export default fp(adminTotpSeed, { name: 'admin-totp-seed', dependencies: ['db'] });
