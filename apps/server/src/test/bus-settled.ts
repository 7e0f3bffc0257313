import type { FastifyInstance } from 'fastify';
import { publishEvent } from '../platform/event-bus.ts';

/**
 * Resolves once every app has heard a marker event published after everything committed so far:
 * the database delivers notifications in commit order, so each app has then heard every earlier
 * event too (PostgreSQL's NOTIFY reaches the other servers a moment after the commit).
 */
export async function busSettled(apps: readonly FastifyInstance[]): Promise<void> {
  const read = `settled-${Math.random().toString(36).slice(2)}`;
  const heard = apps.map(
    (app) =>
      new Promise<void>((resolve) => {
        const unsubscribe = app.eventBus.subscribe((message) => {
          if (message.kind === 'event' && message.event.name === 'read_stale' && (message.event.data as { read?: string }).read === read) {
            unsubscribe();
            resolve();
          }
        });
      }),
  );
  await publishEvent(apps[0]!.db, { name: 'read_stale', data: { read } });
  await Promise.all(heard);
}
