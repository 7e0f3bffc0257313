import { errorMessage } from '@/lib/api-client';

/** A Settings card's data that did not arrive: '{what} could not be loaded: {why}' (QueryState's `failure`). */
export function cardLoadFailed(what: string, error: unknown): string {
  return `${what} could not be loaded: ${errorMessage(error)}`;
}
