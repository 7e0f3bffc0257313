import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import MinesAssistPage from './mines-assist-page';

/** The value shown under a fact's label (its <dd>). */
function fact(label: string): string | null | undefined {
  return screen.getByText(label).nextElementSibling?.textContent;
}

function renderPage() {
  return render(
    <MemoryRouter>
      <MinesAssistPage />
    </MemoryRouter>,
  );
}

describe('Mines Assist', () => {
  it('says it predicts nothing, and shows the exact next-pick chance and the path table', () => {
    renderPage();
    expect(screen.getByText(/nothing can predict where the mines are/)).toBeTruthy();
    expect(fact('Chance the next tile is safe')).toBe('22/25');
    const table = screen.getByRole('table', { name: 'Path table for 3 mines' });
    // A header row and 22 picks.
    expect(within(table).getAllByRole('row')).toHaveLength(23);
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '22/25', '88% (1 in 1.14)', '1.14×', '1.13×', '−0.01']);
  });

  it('follows the mine count and the gems revealed', async () => {
    const user = userEvent.setup();
    renderPage();
    const mines = screen.getByLabelText('Mines (1–24)');
    await user.clear(mines);
    await user.type(mines, '24');
    expect(within(screen.getByRole('table', { name: 'Path table for 24 mines' })).getAllByRole('row')).toHaveLength(2);
    await user.clear(mines);
    await user.type(mines, '5');
    const revealed = screen.getByLabelText('Gems revealed so far');
    await user.clear(revealed);
    await user.type(revealed, '2');
    // 5 mines, 2 gems revealed: 18 of the 23 tiles left are safe.
    expect(fact('Chance the next tile is safe')).toBe('18/23');
    const table = screen.getByRole('table', { name: 'Path table for 5 mines' });
    // The planned picks mark their row and are summed up: 5 mines, 1 pick: 4/5, 0.99 × 25/20.
    const plan = screen.getByLabelText('Picks you plan');
    await user.clear(plan);
    await user.type(plan, '1');
    expect(within(table).getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('true');
    // The next pick after 2 gems is the third.
    expect(within(table).getAllByRole('row')[3]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText(/Cashing out after/).textContent).toBe(
      'Cashing out after 1 pick from a fresh board: you survive with chance 80% (1 in 1.25), our game pays 1.24×, and the expected value at your bet is −0.01.',
    );
  });

  it("verifies a pasted round: the published vector's one mine at tile 19", async () => {
    const user = userEvent.setup();
    renderPage();
    const paste = screen.getByLabelText('Paste a round');
    await user.click(paste);
    await user.paste('Server seed: 18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159\nClient seed: bb62964774\nNonce: 1\nMines: 1');
    await user.click(screen.getByRole('button', { name: 'Fill in from the paste' }));
    expect((screen.getByLabelText('Client seed') as HTMLInputElement).value).toBe('bb62964774');
    await user.click(screen.getByRole('button', { name: 'Show the board' }));
    const board = screen.getByRole('list', { name: 'Verified board' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(25);
    expect(within(board).getByRole('listitem', { name: 'Tile 20: mine' })).toBeTruthy();
    expect(within(board).getAllByRole('listitem', { name: /: mine$/ })).toHaveLength(1);
  });

  it('refuses a nonce that is not a whole number', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Server seed'), 'abc');
    const nonce = screen.getByLabelText('Nonce');
    await user.clear(nonce);
    await user.type(nonce, '1.5');
    expect(screen.getByRole('alert').textContent).toBe('The nonce is a whole number from 0');
    expect((screen.getByRole('button', { name: 'Show the board' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
