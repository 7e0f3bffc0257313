import type { V1Viewer } from '@app/shared/api/developers';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { streamCredits } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { credit, debit } from '../../platform/ledger.ts';
import { viewerAccountOf } from '../chat/index.ts';
import type { ApiCaller } from './api-token-auth.ts';
import { heldBalanceOf, readViewer } from './viewer-reads.ts';

// The v1 API's platforms (the test chat's viewers are not reachable through it).
type Adjustment = { platform: V1Viewer['platform']; platformUserId: string; amount: number; reason: string };

/**
 * A points adjustment through an API token (POST /api/v1/viewers/:platform/:id/points), in the
 * caller's transaction (runIdempotent's, so a repeated Idempotency-Key answers once). A linked
 * viewer's balance moves through the ledger (reason api_adjustment, naming the token); a debit never
 * goes below zero (409 INSUFFICIENT_POINTS). A viewer who has not linked gets a row of the holding
 * balance (stream_credits, paid out when they link, like their stream points); a debit of it is
 * checked against what they hold, under a lock on that viewer. Audited.
 */
export async function adjustViewerPoints(tx: Tx, input: Adjustment, token: ApiCaller, actor: AuditActor, now: Date) {
  const note = `${input.reason} (API token ${token.name})`;
  const account = await viewerAccountOf(tx, input.platform, input.platformUserId);
  const magnitude = Math.abs(input.amount);
  if (account) {
    const movement = {
      userId: account.id,
      amount: magnitude,
      reason: 'api_adjustment' as const,
      refType: 'api_token' as const,
      refId: token.id,
      note,
      at: now,
    };
    if (input.amount > 0) await credit(tx, movement);
    else await debit(tx, movement);
  } else {
    if (input.amount < 0) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`held:${input.platformUserId}`}))`);
      const held = await heldBalanceOf(tx, input.platformUserId, now);
      if (held < magnitude) {
        const shortfall = magnitude - held;
        throw new AppError('INSUFFICIENT_POINTS', `This viewer holds ${held.toLocaleString('en-US')} points.`, { extra: { shortfall } });
      }
    }
    await tx.insert(streamCredits).values({
      key: `api:${randomUUID()}`,
      kickUserId: input.platformUserId,
      userId: null,
      reason: 'api_adjustment',
      amount: input.amount,
      earnedAt: now,
    });
  }
  await recordAudit(tx, {
    ...actor,
    action: 'api_points.adjust',
    targetType: account ? 'user' : 'viewer',
    targetId: account ? account.id : `${input.platform}:${input.platformUserId}`,
    changes: {
      tokenId: token.id,
      tokenName: token.name,
      amount: input.amount,
      reason: input.reason,
      summary: `${input.amount} points by API token ${token.name}: ${input.reason}`,
    },
    at: now,
  });
  const viewer = await readViewer(tx, input.platform, input.platformUserId, now);
  return { ...viewer!, amount: input.amount };
}
