type PreviewRow = { line: number; cells: string[] };

/** How many data rows the preview shows. */
export const PREVIEW_ROWS = 10;

/**
 * The first lines of a chosen file, split on commas: a preview only (no quoting rules), the server
 * parses the real file with csv-parse.
 */
export function previewCsv(text: string, rows = PREVIEW_ROWS): { header: string[]; rows: PreviewRow[] } {
  const lines = text.split(/\r?\n/, rows + 2);
  const header = (lines[0] ?? '')
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((c) => c.trim());
  const data = lines
    .slice(1, rows + 1)
    .map((l, i) => ({ line: i + 2, cells: l.split(',').map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  return { header, rows: data };
}
