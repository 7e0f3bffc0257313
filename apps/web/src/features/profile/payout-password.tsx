import { useState, type FormEvent, type ReactNode } from 'react';
import { CRYPTO_CURRENCIES, type CompleteProfileBody, type Profile } from '@app/shared/api/profile';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from './api/update-profile';

/** Whether a save changes or removes an address that is already saved (the server then wants the current password). */
function changesSavedAddress(profile: Profile, body: CompleteProfileBody): boolean {
  return CRYPTO_CURRENCIES.some((c) => profile.crypto[c] !== '' && (body.crypto[c] ?? '').trim() !== profile.crypto[c]);
}

/** spec 1 §8: the one message for any failed profile save; a refusal the person can act on says why. */
export function saveFailed(error?: unknown) {
  if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED' && error.error) {
    toast({ title: 'Save failed — Unable to update profile right now.', description: error.error, variant: 'destructive' });
    return;
  }
  toast({ title: 'Save failed — Unable to update profile right now.', variant: 'destructive' });
}

type Pending = { body: CompleteProfileBody; onSaved: () => void };

/**
 * Saves the profile; a save that changes or removes a saved payout address first asks for the
 * current password in a dialog. A wrong password is said in the dialog, which stays open; Cancel
 * closes it and leaves the form as it was typed.
 */
export function usePayoutSave() {
  const update = useUpdateProfile();
  const [pending, setPending] = useState<Pending | null>(null);

  const save = async (profile: Profile, body: CompleteProfileBody, onSaved: () => void): Promise<void> => {
    if (changesSavedAddress(profile, body)) {
      setPending({ body, onSaved });
      return;
    }
    try {
      await update.mutateAsync(body);
      onSaved();
    } catch (error) {
      saveFailed(error);
    }
  };

  /** The dialog's submit: undefined when saved, else the message to show in the dialog. */
  const confirm = async (currentPassword: string): Promise<string | undefined> => {
    if (!pending) return undefined;
    try {
      await update.mutateAsync({ ...pending.body, currentPassword });
      pending.onSaved();
      setPending(null);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_REQUIRED') return error.error || 'The current password is not right.';
      setPending(null);
      saveFailed(error);
      return undefined;
    }
  };

  const dialog = <PayoutPasswordDialog open={pending !== null} busy={update.isPending} onCancel={() => setPending(null)} onConfirm={confirm} />;
  return { save, isPending: update.isPending, dialog };
}

function PayoutPasswordDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<string | undefined>;
}): ReactNode {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setPassword('');
    setError(undefined);
    onCancel();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog renders in a portal: its submit must not reach a form around it in the React tree.
    event.stopPropagation();
    if (password === '') {
      setError('Enter your current password');
      return;
    }
    const message = await onConfirm(password);
    setError(message);
    if (!message) setPassword('');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm with your password</DialogTitle>
          <DialogDescription>
            Payouts go to your saved addresses, so changing or removing one needs your current password. We will e-mail you about the change.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3" aria-label="Confirm the address change">
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Confirm'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
