import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WagerImportResult } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';

/** POST /api/admin/wagers/import?partner=p1 with the file as text/csv; the server parses and validates it. */
export async function importWagers(partner: string, file: Blob): Promise<WagerImportResult> {
  const body = new Blob([file], { type: 'text/csv' });
  return api.post<WagerImportResult>(`/api/admin/wagers/import?partner=${encodeURIComponent(partner)}`, body);
}

export function useImportWagers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, file }: { partner: string; file: Blob }) => importWagers(partner, file),
    // Balances, standings and the users' wagers change with an import.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export type PreviewRow = { line: number; cells: string[] };

/** How many data rows the preview shows. */
export const PREVIEW_ROWS = 10;

/**
 * The first lines of a chosen file, split on commas: a preview only (no quoting rules), the server
 * parses the real file with csv-parse.
 */
export function previewCsv(text: string, rows = PREVIEW_ROWS): { header: string[]; rows: PreviewRow[] } {
  const lines = text.split(/\r?\n/, rows + 2);
  const header = (lines[0] ?? '').replace(/^\uFEFF/, '').split(',').map((c) => c.trim());
  const data = lines
    .slice(1, rows + 1)
    .map((l, i) => ({ line: i + 2, cells: l.split(',').map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  return { header, rows: data };
}
