import type { Guess, GuessPage } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';

/** Every published guess: GET /api/bonus-hunts/:id/guesses?page= until the total is read. */
export async function getAllGuesses(huntId: string): Promise<Guess[]> {
  const all: Guess[] = [];
  for (let page = 1; ; page += 1) {
    const body = await api.get<GuessPage>(`/api/bonus-hunts/${encodeURIComponent(huntId)}/guesses?page=${page}`);
    all.push(...body.guesses);
    if (body.guesses.length < body.pageSize || all.length >= body.total) return all;
  }
}
