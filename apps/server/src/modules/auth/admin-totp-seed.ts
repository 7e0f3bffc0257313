import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { findUserByEmail } from '../users/users-repository.ts';
import { presetTotp } from './second-factor.ts';

/**
 * ADMIN_TOTP_SECRET: the configured admin's TOTP secret is preset at start, so automated
 * tests and first installs can sign in with a code. Runs after the accounts are seeded.
 */
async function adminTotpSeed(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const { admin, adminTotpSecret } = opts.config;
  if (!admin || !adminTotpSecret) return;
  const user = await findUserByEmail(app.db, admin.email);
  if (user) await presetTotp(app.db, user.id, adminTotpSecret, app.clock.now());
}

export default fp(adminTotpSeed, { name: 'admin-totp-seed', dependencies: ['db'] });
