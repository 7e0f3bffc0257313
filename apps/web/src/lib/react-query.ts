import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * A screen's own callbacks for an endpoint's mutation hook (toasts, closing a dialog); the hook keeps
 * its cache work and runs it before them.
 */
export type MutationConfig<MutationFn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<MutationFn>>, Error, Parameters<MutationFn>[0]>,
  'mutationFn'
>;
