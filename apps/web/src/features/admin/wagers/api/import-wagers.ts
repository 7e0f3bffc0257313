import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WagerImportResult } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** POST /api/admin/wagers/import?partner=p1 with the file as text/csv; the server parses and validates it. */
async function importWagers(partner: string, file: Blob): Promise<WagerImportResult> {
  const body = new Blob([file], { type: 'text/csv' });
  return api.post<WagerImportResult>(`/api/admin/wagers/import?partner=${encodeURIComponent(partner)}`, body);
}

export function useImportWagers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, file }: { partner: string; file: Blob }) => importWagers(partner, file),
    // Balances, standings and the users' wagers change with an import.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
