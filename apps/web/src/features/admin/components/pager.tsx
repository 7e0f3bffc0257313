import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button } from '@/components/ui/button';

/** Previous / 'Page n of m' / Next under a server-paged list; `children` sit at the start of the row. */
export function Pager({
  label,
  page,
  pages,
  setPage,
  children,
}: {
  label: string;
  page: number;
  pages: number;
  setPage: Dispatch<SetStateAction<number>>;
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm">
      {children}
      <Button size="sm" variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="outline" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  );
}
