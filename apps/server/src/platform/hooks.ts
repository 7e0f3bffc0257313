import type { Tx } from '../db/tx.ts';

/** What a hook's handler does, in the announcing caller's transaction. */
export type HookHandler<A extends unknown[]> = (tx: Tx, ...args: A) => Promise<unknown>;

export type TransactionHook<A extends unknown[]> = {
  /** Adds a handler (a module above the announcing one registers it from its own plugin). */
  register(handler: HookHandler<A>): void;
  /** Runs every handler in the caller's transaction, in the order they were first registered. */
  run(tx: Tx, ...args: A): Promise<void>;
};

/**
 * A hook that runs inside the caller's transaction: a lower module announces "this happened" and
 * the modules above it register what follows, so the lower module imports none of them (as jobs
 * register with the scheduler). Handlers are kept once per process: each app build registers the
 * same functions again, which changes nothing, and they run in the order of their first registration.
 */
export function transactionHook<A extends unknown[]>(): TransactionHook<A> {
  const handlers = new Set<HookHandler<A>>();
  return {
    register(handler) {
      handlers.add(handler);
    },
    async run(tx, ...args) {
      for (const handler of handlers) await handler(tx, ...args);
    },
  };
}
