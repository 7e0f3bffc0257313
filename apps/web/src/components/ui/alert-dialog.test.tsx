import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

function DeleteConfirm({ onCancel, onAction }: { onCancel: () => void; onAction: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger>Delete reward</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this reward?</AlertDialogTitle>
          <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onAction}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

async function open() {
  const onCancel = vi.fn();
  const onAction = vi.fn();
  const user = userEvent.setup();
  render(<DeleteConfirm onCancel={onCancel} onAction={onAction} />);
  await user.click(screen.getByRole('button', { name: 'Delete reward' }));
  return { user, onCancel, onAction };
}

describe('AlertDialog', () => {
  it('opens as a named, described alertdialog with focus on Cancel', async () => {
    await open();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this reward?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('This cannot be undone.').id);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('Cancel calls its handler and closes', async () => {
    const { user, onCancel, onAction } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Action calls its handler and closes', async () => {
    const { user, onCancel, onAction } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes without running the action', async () => {
    const { user, onAction } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('Action can keep the dialog open with preventDefault', async () => {
    const user = userEvent.setup();
    render(
      <AlertDialog defaultOpen>
        <AlertDialogContent>
          <AlertDialogTitle>Busy</AlertDialogTitle>
          <AlertDialogDescription>Working on it.</AlertDialogDescription>
          <AlertDialogAction onClick={(event) => event.preventDefault()}>Confirm</AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alertdialog', { name: 'Busy' })).toBeTruthy();
  });
});
