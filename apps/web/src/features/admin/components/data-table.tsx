import {
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  columnFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The features every admin table has: sorting, a text filter over all columns, and paging (ARCHITECTURE: @tanstack/react-table). */
const adminTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    basic: sortFn_basic,
    datetime: sortFn_datetime,
  },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type AdminColumn<T extends object> = ColumnDef<typeof adminTableFeatures, T>;

type DataTableProps<T extends object> = {
  /** The table's accessible name (a caption, read first by screen readers). */
  caption: string;
  columns: AdminColumn<T>[];
  data: T[];
  /** Shown in place of the rows when there are none (or none match the filter). */
  emptyText: string;
  initialSorting?: SortingState;
  pageSize?: number;
  /** A search box filtering every column, with this label; none when absent. */
  filterLabel?: string;
  getRowId?: (row: T) => string;
};

/** An admin table: sortable headers (buttons with aria-sort), optional text filter, pages of `pageSize` rows. */
export function DataTable<T extends object>({
  caption,
  columns,
  data,
  emptyText,
  initialSorting = [],
  pageSize = 10,
  filterLabel,
  getRowId,
}: DataTableProps<T>) {
  const filterId = useId();
  const [globalFilter, setGlobalFilter] = useState('');
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data,
    getRowId: getRowId ? (row: T) => getRowId(row) : undefined,
    globalFilterFn: 'includesString',
    initialState: {
      sorting: initialSorting,
      pagination: { pageIndex: 0, pageSize },
    },
    state: { globalFilter },
    onGlobalFilterChange: (updater) => setGlobalFilter((old) => String(typeof updater === 'function' ? updater(old) : (updater ?? ''))),
  });

  const rows = table.getRowModel().rows;
  const pageCount = Math.max(1, table.getPageCount());
  const pageIndex = table.state.pagination.pageIndex;

  return (
    <div className="grid gap-3">
      {filterLabel && (
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor={filterId}>{filterLabel}</Label>
          <Input id={filterId} type="search" value={globalFilter} onChange={(e) => setGlobalFilter(e.target.value)} />
        </div>
      )}
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <TableHead key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}>
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        {sorted === 'asc' ? (
                          <ArrowUp className="size-3.5" aria-hidden="true" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {pageCount > 1 && (
        <nav aria-label={`${caption} pages`} className="flex items-center justify-end gap-2 text-sm">
          <Button size="sm" variant="outline" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {pageIndex + 1} of {pageCount}
          </span>
          <Button size="sm" variant="outline" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
