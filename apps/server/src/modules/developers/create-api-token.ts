import type { ApiTokenInput, CreatedApiToken } from '@app/shared/api/developers';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { apiTokens } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { sha256Hex } from '../auth/index.ts';
import { API_TOKEN_PREFIX } from './api-token-auth.ts';

/** A new token: `rh_` + 256 random bits (base64url), answered this once and kept only as its SHA-256. Audited. */
export async function createApiToken(db: Database, input: ApiTokenInput, actor: AuditActor & { actorId: string }, now: Date): Promise<CreatedApiToken> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ name: input.name, tokenHash: sha256Hex(token), prefix: token.slice(0, 9), scopes, createdBy: actor.actorId, createdAt: now })
      .returning();
    await recordAudit(tx, { ...actor, action: 'api_token.create', targetType: 'api_token', targetId: row!.id, changes: { name: input.name, scopes }, at: now });
    return { id: row!.id, name: row!.name, scopes, token, createdAt: now.toISOString() };
  });
}
