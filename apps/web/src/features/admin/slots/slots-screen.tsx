import { Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { formatMaxWin, formatRtp, formatVolatility, type Slot, type SlotImportResult } from '@app/shared/api/slots';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FilePicker } from '../components/file-picker';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useSlots } from '@/lib/api/get-slots';
import { useDeleteSlot, useImportSlots } from './api/admin-slots';
import { SlotFormDialog } from './slot-form-dialog';

const year = (v: number | null) => (v === null ? '–' : String(v));

/** Slot Hub's catalogue: add, edit, remove, import a CSV. */
export function SlotsScreen() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDeferredValue(q.trim());
  // The public catalogue's query: an edit here refreshes Slot Hub and the picker too.
  const slots = useSlots({ page, q: search || undefined });
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<{ slot: Slot | null } | null>(null);
  const [deleting, setDeleting] = useState<Slot | null>(null);

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Slot Hub" description="The slot catalogue members browse and the picker draws from.">
        <Button onClick={() => setEditing({ slot: null })}>
          <Plus aria-hidden="true" /> Add slot
        </Button>
      </ScreenHeader>
      <FormField
        label="Search slots"
        type="search"
        value={q}
        className="max-w-sm"
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <AdminQueryState query={slots} label="slots">
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableCaption className="sr-only">Slots</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Provider</TableHead>
                    <TableHead>RTP</TableHead>
                    <TableHead>Volatility</TableHead>
                    <TableHead>Max win</TableHead>
                    <TableHead>Year</TableHead>
                    <TableHead>Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.slots.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={7} className="text-center text-muted-foreground">
                        No slots.
                      </TableCell>
                    </TableRow>
                  ) : (
                    data.slots.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell className="font-medium">{s.name}</TableCell>
                        <TableCell>{s.provider}</TableCell>
                        <TableCell className="tabular-nums">{formatRtp(s.rtp)}</TableCell>
                        <TableCell>{formatVolatility(s.volatility)}</TableCell>
                        <TableCell className="tabular-nums">{formatMaxWin(s.maxWin)}</TableCell>
                        <TableCell className="tabular-nums">{year(s.year)}</TableCell>
                        <TableCell>
                          <div className="flex gap-2">
                            <Button size="sm" variant="outline" onClick={() => setEditing({ slot: s })} aria-label={`Edit ${s.name}`}>
                              Edit
                            </Button>
                            <Button size="sm" variant="outline" onClick={() => setDeleting(s)} aria-label={`Remove ${s.name}`}>
                              Remove
                            </Button>
                          </div>
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span className="tabular-nums">
                Page {page} of {Math.max(1, Math.ceil(data.total / data.pageSize))} ({data.total} slots)
              </span>
              <Button size="sm" variant="outline" disabled={page * data.pageSize >= data.total} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </>
        )}
      </AdminQueryState>
      <SlotImport />
      <SlotFormDialog open={editing !== null} slot={editing?.slot ?? null} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Remove ${deleting?.name ?? ''}?`}
        description="Hunts keep their bonuses of this slot under its name."
        confirmLabel="Remove"
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => {
          const slot = deleting!;
          remove.mutate(slot.id, {
            onSuccess: () => toast({ title: `Removed ${slot.name}` }),
            onError: (e) => toastRequestError(e, 'Could not remove the slot'),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}

function SlotImport() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<SlotImportResult | null>(null);
  const importer = useImportSlots();
  return (
    <section aria-labelledby="slot-import-title" className="grid gap-3 rounded-md border p-4">
      <h2 id="slot-import-title" className="text-lg font-semibold">
        Import CSV
      </h2>
      <p className="text-sm text-muted-foreground">
        Header <code className="break-all">name,provider,rtp,volatility,maxWin,year,imageUrl</code>. A line adds or updates the slot of its name and provider;
        the same file twice changes nothing.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <FilePicker label="CSV file" accept=".csv,text/csv" file={file} onFile={setFile} className="max-w-full" />
        <Button
          disabled={!file || importer.isPending}
          onClick={() =>
            importer.mutate(file!, {
              onSuccess: (r) => {
                setReport(r);
                toast({ title: `Imported: ${r.inserted} new, ${r.updated} changed, ${r.rejectedTotal} rejected` });
              },
              onError: (e) => toastRequestError(e, 'Import failed'),
            })
          }
        >
          Import
        </Button>
      </div>
      {report && (
        <div className="grid gap-2 text-sm" aria-live="polite">
          <p>
            {report.rows} rows: {report.inserted} new, {report.updated} changed, {report.unchanged} unchanged, {report.rejectedTotal} rejected.
          </p>
          {report.rejected.length > 0 && (
            <ul className="list-disc pl-5">
              {report.rejected.map((r) => (
                <li key={r.line}>
                  Line {r.line}: {r.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
