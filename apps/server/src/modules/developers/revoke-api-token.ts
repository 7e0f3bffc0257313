import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiTokens } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';

/** Revokes a token (its next call is 401); the row stays for the audit trail. Audited. */
export async function revokeApiToken(db: Database, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) throw new AppError('NOT_FOUND', 'No such API token.');
    await recordAudit(tx, { ...actor, action: 'api_token.revoke', targetType: 'api_token', targetId: id, changes: { name: row.name }, at: now });
  });
}
