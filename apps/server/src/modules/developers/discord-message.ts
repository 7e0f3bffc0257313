import type { WebhookEvent } from '@app/shared/api/developers';
import type { WebhookPayload } from '../../platform/outbox.ts';

/**
 * An event as a Discord webhook message: one embed (title, description, url, colour, fields,
 * timestamp) within Discord's limits: title 256, description 4,096, 25 fields of 256/1,024, and
 * 6,000 characters across the embed; no `content`, so its 2,000 cannot be passed.
 */

const TITLES: Record<WebhookEvent, string> = {
  ping: 'Test message from Rewards Hub',
  'stream.online': 'The stream is live',
  'stream.offline': 'The stream has ended',
  'raffle.drawn': 'Raffle drawn',
  'giveaway.drawn': 'Giveaway winners',
  'bonus_hunt.finished': 'Bonus hunt finished',
  'dond.finished': 'Deal or No Deal finished',
  'koth.crowned': 'A new King of the Hill',
  'order.created': 'New store order',
  'order.approved': 'Store order approved',
  'order.declined': 'Store order declined',
  'member.verified': 'New verified member',
  'prediction.resolved': 'Prediction resolved',
};

const COLOUR = 0x7c3aed;
const TOTAL_MAX = 6000;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value || '-';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type DiscordMessage = {
  embeds: { title: string; description: string; url: string; color: number; fields: { name: string; value: string; inline: boolean }[]; timestamp: string }[];
};

export function discordMessage(payload: WebhookPayload, appOrigin: string): DiscordMessage {
  const data = payload.data;
  const title = cut(TITLES[payload.type] ?? payload.type, 256);
  const description = cut(typeof data.summary === 'string' ? data.summary : `Event \`${payload.type}\``, 4096);
  const link = typeof data.link === 'string' && data.link.startsWith('/') ? `${appOrigin}${data.link}` : appOrigin;
  let budget = TOTAL_MAX - title.length - description.length;
  const fields: DiscordMessage['embeds'][number]['fields'] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'summary' || key === 'link' || fields.length >= 25) continue;
    const name = cut(key, 256);
    const text = cut(valueText(value), 1024);
    if (name.length + text.length > budget) break;
    budget -= name.length + text.length;
    fields.push({ name, value: text, inline: text.length <= 40 });
  }
  return { embeds: [{ title, description, url: link, color: COLOUR, fields, timestamp: payload.timestamp }] };
}
