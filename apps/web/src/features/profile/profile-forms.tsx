import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { NOT_EARNING_WARNING, PROFILE_CASINO_PLATFORMS, partnerEarns } from '@app/shared/api/casino-accounts';
import { CRYPTO_CURRENCIES, type Profile } from '@app/shared/api/profile';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { ApiError } from '@/lib/api-client';
import { useLinkCasinoAccount } from './api/link-casino-account';
import { profileBody } from './api/update-profile';
import { saveFailed, usePayoutSave } from './payout-password';
import {
  CasinoAccountFormSchema,
  CRYPTO_LABELS,
  CryptoAddressFormSchema,
  SettingsFormSchema,
  type CasinoAccountFormInput,
  type CryptoAddressFormInput,
  type SettingsFormInput,
} from './profile-schemas';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/**
 * spec 1 §5: add a casino account username (platform and username both required). Every partner the
 * server links is offered (spec 1 §5 lists four; BC.Game and Gamdom earn as well), and one that does
 * not earn (Duelbits) warns.
 */
export function AddCasinoAccountForm({ profile }: { profile: Profile }) {
  const id = useId();
  const link = useLinkCasinoAccount();
  const form = useForm<CasinoAccountFormInput>({ resolver: zodResolver(CasinoAccountFormSchema), defaultValues: { platform: '', username: '' } });
  const platform = form.watch('platform');
  const chosen = PROFILE_CASINO_PLATFORMS.find((partner) => partner.name === platform);
  const error = form.formState.errors.username?.message;
  const isTaken = profile.casinoAccounts.some((account) => account.platform === platform);

  const onSubmit = form.handleSubmit(async ({ platform: chosen, username }) => {
    if (profile.casinoAccounts.some((account) => account.platform === chosen)) {
      form.setError('username', { message: 'A username cannot be changed without contacting support.' });
      return;
    }
    try {
      await link.mutateAsync({ platform: chosen, username });
      toast({ title: 'Username Added' });
      form.reset();
    } catch (failure) {
      // 409: one username per platform, or one verified owner per username: the server says which.
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400) && failure.error) {
        form.setError('username', { message: failure.error });
        return;
      }
      saveFailed();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Add casino account
      </h3>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-platform`}>Platform</Label>
          <Controller
            control={form.control}
            name="platform"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${id}-platform`} className="w-full">
                  <SelectValue placeholder="Choose platform" />
                </SelectTrigger>
                <SelectContent>
                  {PROFILE_CASINO_PLATFORMS.map((partner) => (
                    <SelectItem key={partner.id} value={partner.name}>
                      {partner.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('username')}
          />
        </div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Adding…' : 'Add Account'}
        </Button>
      </div>
      {chosen && !partnerEarns(chosen.id) && (
        <p role="status" className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-2 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {NOT_EARNING_WARNING}
        </p>
      )}
      {isTaken && !error && <p className="text-sm text-muted-foreground">A username cannot be changed without contacting support.</p>}
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

/** spec 1 §5: add a crypto address (required; no format checks). */
export function AddCryptoAddressForm({ profile }: { profile: Profile }) {
  const id = useId();
  const payout = usePayoutSave();
  const form = useForm<CryptoAddressFormInput>({ resolver: zodResolver(CryptoAddressFormSchema), defaultValues: { currency: 'btc', address: '' } });
  const error = form.formState.errors.address?.message;

  // Replacing a saved address asks for the current password first (usePayoutSave).
  const onSubmit = form.handleSubmit(({ currency, address }) =>
    payout.save(profile, profileBody(profile, { crypto: { [currency]: address } }), () => {
      toast({ title: 'Address Added' });
      form.reset({ currency, address: '' });
    }),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="font-semibold">
          Add crypto address
        </h3>
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-currency`}>Currency</Label>
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${id}-currency`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {CRYPTO_CURRENCIES.map((currency) => (
                      <SelectItem key={currency} value={currency}>
                        {CRYPTO_LABELS[currency]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-address`}>Address</Label>
            <Input
              id={`${id}-address`}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('address')}
            />
          </div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Adding…' : 'Add Address'}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </form>
      {payout.dialog}
    </>
  );
}

/** The saved addresses, each removable (spec 1 §5: removing blanks it). */
export function CryptoAddressList({ profile }: { profile: Profile }) {
  const payout = usePayoutSave();
  const saved = CRYPTO_CURRENCIES.filter((currency) => profile.crypto[currency] !== '');

  // Removing a saved address asks for the current password first (usePayoutSave).
  const remove = (currency: (typeof CRYPTO_CURRENCIES)[number]) =>
    payout.save(profile, profileBody(profile, { crypto: { [currency]: '' } }), () => toast({ title: 'Address Removed' }));

  if (saved.length === 0) return <p className="text-sm text-muted-foreground">No crypto addresses added yet.</p>;
  return (
    <>
      {payout.dialog}
      <ul className="grid gap-2">
        {saved.map((currency) => (
          <li key={currency} className="flex items-center gap-3 rounded-md border p-2">
            <span className="w-12 shrink-0 text-sm font-semibold">{CRYPTO_LABELS[currency]}</span>
            <code className="min-w-0 flex-1 truncate font-mono text-sm">{profile.crypto[currency]}</code>
            <Button
              variant="ghost"
              size="sm"
              disabled={payout.isPending}
              onClick={() => void remove(currency)}
              aria-label={`Remove ${CRYPTO_LABELS[currency]} address`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Settings: all four addresses in one form, saved together. */
export function CryptoSettingsForm({ profile }: { profile: Profile }) {
  const id = useId();
  const payout = usePayoutSave();
  const form = useForm<SettingsFormInput>({ resolver: zodResolver(SettingsFormSchema), values: { crypto: { ...profile.crypto } } });

  // Changing or removing a saved address asks for the current password first (usePayoutSave).
  const onSubmit = form.handleSubmit(({ crypto }) =>
    payout.save(profile, profileBody(profile, { crypto }), () => toast({ title: 'Saved — Profile updated successfully.' })),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="font-semibold">
          Crypto addresses
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {CRYPTO_CURRENCIES.map((currency) => {
            const error = form.formState.errors.crypto?.[currency]?.message;
            return (
              <div key={currency} className="grid gap-1.5">
                <Label htmlFor={`${id}-${currency}`}>{CRYPTO_LABELS[currency]} address</Label>
                <Input
                  id={`${id}-${currency}`}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  {...form.register(`crypto.${currency}`)}
                />
                <FieldError id={`${id}-${currency}-error`} message={error} />
              </div>
            );
          })}
        </div>
        <p className="text-xs text-muted-foreground">Changing or removing a saved address asks for your current password.</p>
        <Button type="submit" className="w-fit" disabled={form.formState.isSubmitting || payout.isPending || !form.formState.isDirty}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </form>
      {payout.dialog}
    </>
  );
}
