import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previewCsv } from './csv-preview';
import { WagerImportScreen } from './wager-import-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const CSV = 'username,date,category,wagered\ndemo_stake,2026-11-20,slots,1500.00\nbad,2026-13-01,slots,10\nother,2026-11-21,table,20\n';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: { method: string; url: string; type: string | null; body: string }[];
let answer: () => Response;

beforeEach(() => {
  toastMock.mockReset();
  calls = [];
  answer = () =>
    json(200, {
      rows: 3,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejected: [{ line: 3, error: 'date must be a real day (YYYY-MM-DD)' }],
      rejectedTotal: 1,
      pointsCredited: 1500,
    });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body instanceof Blob ? await init.body.text() : String(init.body ?? '');
    calls.push({ method: init.method ?? 'GET', url: String(input), type: new Headers(init.headers).get('content-type'), body });
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WagerImportScreen />
    </QueryClientProvider>,
  );
}

async function chooseFile(text = CSV, name = 'wagers.csv') {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), new File([text], name, { type: 'text/csv' }));
  return user;
}

describe('previewCsv', () => {
  it('splits the header and the first rows, numbering lines from the header as line 1', () => {
    const { header, rows } = previewCsv('\uFEFFusername,date,category,wagered\r\na,2026-11-01,slots,1\r\n\r\nb,2026-11-02,table,2', 10);
    expect(header).toEqual(['username', 'date', 'category', 'wagered']);
    expect(rows).toEqual([
      { line: 2, cells: ['a', '2026-11-01', 'slots', '1'] },
      { line: 4, cells: ['b', '2026-11-02', 'table', '2'] },
    ]);
    expect(previewCsv('h\n1\n2\n3\n4', 2).rows.map((r) => r.cells[0])).toEqual(['1', '2']);
  });
});

describe('WagerImportScreen', () => {
  it('previews the chosen file, imports it as text/csv for the chosen partner and shows the result with the rejected lines', async () => {
    renderScreen();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    const user = await chooseFile();
    const preview = await screen.findByRole('table', { name: /first 10 rows/ });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('demo_stake')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Partner'), 'Roobet');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const result = await screen.findByRole('region', { name: 'Import result' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/admin/wagers/import?partner=p2', type: 'text/csv', body: CSV });
    const inserted = within(result).getByText('Inserted').nextElementSibling!;
    expect(inserted.textContent).toBe('2');
    const rejected = within(result).getByRole('table', { name: 'Rejected lines' });
    expect(within(rejected).getByText('date must be a real day (YYYY-MM-DD)')).toBeTruthy();
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Wagers Imported' }));
  });

  it("warns in the preview when the header is not the import's header", async () => {
    renderScreen();
    await chooseFile('name,day,amount\nx,1,2\n');
    expect((await screen.findByRole('alert')).textContent).toContain('username,date,category,wagered');
  });

  it("shows the server's error on a 400 and on a 413, and 'Request failed (status)' without a body", async () => {
    answer = () => json(400, { ok: false, error: 'The header must be username,date,category,wagered', code: 'VALIDATION_ERROR' });
    renderScreen();
    const user = await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByText(/Import failed/)).textContent).toBe('Import failed: The header must be username,date,category,wagered');
    expect(screen.queryByRole('region', { name: 'Import result' })).toBeNull();

    answer = () => json(413, { ok: false, error: 'A wager file is at most 20 MB.', code: 'BODY_TOO_LARGE' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByText(/Import failed/).textContent).toBe('Import failed: A wager file is at most 20 MB.'));

    answer = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByText(/Import failed/).textContent).toBe('Import failed: Request failed (500)'));
  });
});
