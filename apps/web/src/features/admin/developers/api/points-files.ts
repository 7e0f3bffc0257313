import { useMutation } from '@tanstack/react-query';
import type { PointsImportResult } from '@app/shared/api/developers';
import { api, getAccessToken } from '@/lib/api-client';

/** POST /api/admin/points/import[?dryRun=true] with the file as text/csv. */
export function useImportPoints() {
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }) =>
      api.post<PointsImportResult>(`/api/admin/points/import${dryRun ? '?dryRun=true' : ''}`, new Blob([file], { type: 'text/csv' })),
  });
}

/** GET /api/admin/points/export, saved as a file. */
export async function downloadPointsExport(): Promise<void> {
  const token = getAccessToken();
  const response = await fetch('/api/admin/points/export', { credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'points-export.csv';
  link.click();
  URL.revokeObjectURL(url);
}
