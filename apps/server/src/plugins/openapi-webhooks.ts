import { WEBHOOK_EVENTS } from '@app/shared/api/developers';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The outgoing webhooks as the OpenAPI document's `webhooks`: one entry per event, each the body a
 * receiver gets, how `standard` endpoints are signed, and an example.
 */

const SIGNING = [
  'Sent by POST with a 10 s timeout; redirects are not followed. A 2xx answer is delivered; anything else is retried after',
  '5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is failed. An endpoint failing for 3 days in a row is turned off.',
  '',
  '`standard` endpoints follow the Standard Webhooks specification: headers `webhook-id` (the same on every retry of one',
  'delivery), `webhook-timestamp` (Unix seconds) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of',
  '`{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the secret after `whsec_`.',
  '`discord` endpoints get a Discord webhook message (one embed) instead of this body.',
].join('\n');

const EXAMPLES: Record<string, Record<string, unknown>> = {
  ping: { summary: 'This endpoint receives Rewards Hub events.' },
  'stream.online': { startedAt: '2026-06-01T18:00:00.000Z', summary: 'The stream is live' },
  'stream.offline': { summary: 'The stream has ended' },
  'raffle.drawn': { raffleId: '3f0c…', title: 'Weekly raffle', prize: '$50', winners: ['Al***'], entrants: 120, link: '/raffles/3f0c…' },
  'koth.crowned': { king: 'Bo***', slot: 'Gates of Olympus', multiplier: 512.4, link: '/king-of-the-hill' },
  'order.created': { orderId: '9a1e…', reward: '$10 tip', points: 5000, username: 'alice' },
  'order.approved': { orderId: '9a1e…', reward: '$10 tip', username: 'alice' },
  'order.declined': { orderId: '9a1e…', reward: '$10 tip', username: 'alice', reason: 'Out of stock' },
  'member.verified': { uid: 'RH-10042', username: 'Ca***' },
  'dond.finished': {
    roundId: '5b2d…',
    roundNumber: 12,
    outcome: 'deal',
    prize: 4200,
    summary: 'Deal or No Deal #12: a Deal for 4,200 points',
    link: '/games/dealornodeal',
  },
  'prediction.resolved': {
    predictionId: '7c41…',
    title: 'Will this hunt profit?',
    outcome: 'Yes',
    paid: 12000,
    winners: 14,
    refunded: 0,
    summary: 'Will this hunt profit? → Yes',
    link: '/predictions',
  },
};

export function webhookDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  const out: Record<string, OpenAPIV3_1.PathItemObject> = {};
  for (const event of WEBHOOK_EVENTS) {
    out[event] = {
      post: {
        operationId: `webhook_${event.replace(/\W/g, '_')}`,
        summary: `The ${event} event`,
        description: SIGNING,
        security: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: event },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: { type: 'object', description: 'Names are masked as on the public pages, except in order events.' },
                },
              },
              example: { type: event, timestamp: '2026-06-01T18:00:00.000Z', data: EXAMPLES[event] ?? { summary: event } },
            },
          },
        },
        responses: { '200': { description: 'Any 2xx: delivered' } },
      },
    };
  }
  return out;
}
