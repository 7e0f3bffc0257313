import type { ApiToken, ApiTokenScope } from '@app/shared/api/developers';
import { desc, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiTokens } from '../../db/schema.ts';

/** GET /api/admin/api-tokens: the live tokens, newest first; never the secret (only its prefix). */
export async function listApiTokens(db: Database): Promise<{ tokens: ApiToken[] }> {
  const rows = await db.select().from(apiTokens).where(isNull(apiTokens.revokedAt)).orderBy(desc(apiTokens.createdAt));
  return {
    tokens: rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scopes: r.scopes as ApiTokenScope[],
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    })),
  };
}
