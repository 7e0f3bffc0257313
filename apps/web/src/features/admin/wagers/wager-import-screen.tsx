import { useId, useMemo, useState } from 'react';
import { EARNING_PARTNER_IDS, partnerName } from '@app/shared/api/casino-accounts';
import { WAGER_CSV_COLUMNS, WAGER_IMPORT_MAX_BYTES, type WagerImportResult } from '@app/shared/api/wagers';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatPoints } from '../components/format';
import { ScreenHeader } from '../components/query-state';
import { requestErrorMessage } from '../components/request-error';
import { useImportWagers } from './api/import-wagers';
import { PREVIEW_ROWS, previewCsv } from './csv-preview';

type Rejected = WagerImportResult['rejected'][number];

const PREVIEW_BYTES = 64 * 1024;
const MAX_MB = WAGER_IMPORT_MAX_BYTES / 1024 / 1024;
const controlClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function Preview({ text }: { text: string }) {
  const { header, rows } = useMemo(() => previewCsv(text), [text]);
  const headerOk = WAGER_CSV_COLUMNS.every((c, i) => header[i]?.toLowerCase() === c);
  return (
    <section aria-labelledby="wager-preview-title" className="grid gap-2">
      <h2 id="wager-preview-title" className="text-lg font-semibold">
        Preview
      </h2>
      {!headerOk && (
        <p role="alert" className="text-sm text-destructive">
          The first line should be the header {WAGER_CSV_COLUMNS.join(',')}.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">The file has no data rows.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableCaption className="sr-only">The first {PREVIEW_ROWS} rows of the file</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                {header.map((h, i) => (
                  <TableHead key={i}>{h || `Column ${i + 1}`}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.line}>
                  <TableCell>{r.line}</TableCell>
                  {header.map((_, i) => (
                    <TableCell key={i}>{r.cells[i] ?? ''}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <p className="text-xs text-muted-foreground">The first {PREVIEW_ROWS} rows as read here; the server checks every line on import.</p>
    </section>
  );
}

const rejectedColumns: AdminColumn<Rejected>[] = [
  { accessorKey: 'line', header: 'Line' },
  { accessorKey: 'error', header: 'Error' },
];

function ImportResult({ result }: { result: WagerImportResult }) {
  const facts: [string, string][] = [
    ['Rows', String(result.rows)],
    ['Inserted', String(result.inserted)],
    ['Updated', String(result.updated)],
    ['Unchanged', String(result.unchanged)],
    ['Rejected', String(result.rejectedTotal)],
    ['Points credited', formatPoints(result.pointsCredited)],
  ];
  return (
    <section aria-labelledby="wager-result-title" className="grid gap-3">
      <h2 id="wager-result-title" className="text-lg font-semibold">
        Import result
      </h2>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {result.rejected.length > 0 && (
        <>
          {result.rejectedTotal > result.rejected.length && (
            <p className="text-sm text-muted-foreground">
              The first {result.rejected.length} of {result.rejectedTotal} rejected lines:
            </p>
          )}
          <DataTable
            caption="Rejected lines"
            columns={rejectedColumns}
            data={result.rejected}
            emptyText="No rejected lines."
            getRowId={(r) => String(r.line)}
            pageSize={20}
          />
        </>
      )}
    </section>
  );
}

/** The admin Wager Import screen (partner casinos report wagers we cannot fetch): a partner, a CSV file, a preview of its first rows, then the server's result. */
export function WagerImportScreen() {
  const partnerId = useId();
  const fileId = useId();
  const [partner, setPartner] = useState<string>(EARNING_PARTNER_IDS[0]);
  const [file, setFile] = useState<File | null>(null);
  const [previewText, setPreviewText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<WagerImportResult | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const importer = useImportWagers();

  const onFile = async (chosen: File | undefined) => {
    setResult(null);
    setServerError(null);
    setFileError(null);
    setPreviewText(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    if (chosen.size > WAGER_IMPORT_MAX_BYTES) {
      setFileError(`A wager file is at most ${MAX_MB} MB.`);
      return;
    }
    setPreviewText(await chosen.slice(0, PREVIEW_BYTES).text());
  };

  const onImport = async () => {
    if (!file) return;
    setResult(null);
    setServerError(null);
    try {
      const answer = await importer.mutateAsync({ partner, file });
      setResult(answer);
      toast({
        title: 'Wagers Imported',
        description: `${answer.rows} rows: ${answer.inserted} inserted, ${answer.updated} updated, ${answer.unchanged} unchanged, ${answer.rejectedTotal} rejected`,
      });
    } catch (e) {
      setServerError(requestErrorMessage(e));
    }
  };

  return (
    <div className="grid gap-6">
      <ScreenHeader
        title="Wager Import"
        description={`Import a partner's wagers from a CSV file with the header ${WAGER_CSV_COLUMNS.join(',')} (at most ${MAX_MB} MB). Importing the same file again changes nothing.`}
      />
      <form
        className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void onImport();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={partnerId}>Partner</Label>
          <select id={partnerId} value={partner} onChange={(e) => setPartner(e.target.value)} className={controlClass}>
            {EARNING_PARTNER_IDS.map((id) => (
              <option key={id} value={id}>
                {partnerName(id)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            onChange={(e) => void onFile(e.target.files?.[0])}
            className={`${controlClass} py-1 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium`}
          />
        </div>
        <Button type="submit" disabled={!file || fileError !== null || importer.isPending}>
          {importer.isPending ? 'Importing…' : 'Import'}
        </Button>
        {fileError && (
          <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive sm:col-span-3">
            {fileError}
          </p>
        )}
      </form>
      {serverError && (
        <div role="alert" className="rounded-md border border-destructive/40 p-4 text-sm">
          Import failed: {serverError}
        </div>
      )}
      {result && <ImportResult result={result} />}
      {previewText !== null && <Preview text={previewText} />}
      {!file && !result && <p className="text-sm text-muted-foreground">Choose a partner and a CSV file to see a preview.</p>}
    </div>
  );
}
