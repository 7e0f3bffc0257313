import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

describe('Table', () => {
  it('renders a captioned table with column headers inside a horizontal scroller', () => {
    const { container } = render(
      <Table>
        <TableCaption>Top players</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Rank</TableHead>
            <TableHead>Player</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>1</TableCell>
            <TableCell>alice</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Top players' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Rank', 'Player']);
    expect(headers[0]?.getAttribute('scope')).toBe('col');
    expect(within(table).getByRole('cell', { name: 'alice' })).toBeTruthy();
    const wrapper = container.querySelector('[data-slot="table-container"]');
    expect(wrapper?.classList.contains('overflow-x-auto')).toBe(true);
    expect(wrapper?.firstElementChild).toBe(table);
  });

  it('allows row headers', () => {
    render(
      <Table>
        <TableBody>
          <TableRow>
            <TableHead scope="row">Total</TableHead>
            <TableCell>42</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('rowheader', { name: 'Total' })).toBeTruthy();
  });
});
