import type { SearchResponse } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { searchParams, type QuickSearchForm } from '../quick-search';

/** GET /api/admin/search?category=&q=&from=&to=&status=&... (a search on demand, not cached). */
export async function quickSearch(form: QuickSearchForm): Promise<SearchResponse> {
  return api.get<SearchResponse>(`/api/admin/search?${searchParams(form)}`);
}
