import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { completeProfile } from '@/lib/api/complete-profile';
import { isEmptyCompletion, ProfileCompletionFormSchema, SIGNUP_PARTNERS, type ProfileCompletionBody, type ProfileCompletionFormInput } from '../auth-schemas';
import { FormField, FormMessage } from '@/components/ui/form-field';
import type { ViewProps } from './view-props';

const CRYPTO_FIELDS = [
  { name: 'btc', label: 'BTC address' },
  { name: 'eth', label: 'ETH address' },
  { name: 'usdt', label: 'USDT address' },
  { name: 'sol', label: 'SOL address' },
] as const;

const emptyRow = { partner: '', username: '' };

export function ProfileCompletionView({ run, finish }: ViewProps) {
  const { setUser } = useSession();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ProfileCompletionFormInput, unknown, ProfileCompletionBody>({
    resolver: zodResolver(ProfileCompletionFormSchema),
    defaultValues: { partners: [emptyRow], crypto: { btc: '', eth: '', usdt: '', sol: '' } },
  });
  const rows = useFieldArray({ control: form.control, name: 'partners' });
  const { errors, isSubmitting } = form.formState;

  const save = async (body: ProfileCompletionBody) => {
    try {
      const profile = await run(() => completeProfile(body));
      // spec 1 §4: completing the profile replaces it (and recomputes pendingVerification).
      setUser(profile);
      finish();
    } catch (error) {
      toast({ title: 'Failed to complete profile', description: errorMessage(error, ''), variant: 'destructive' });
    }
  };

  const onSubmit = form.handleSubmit(async (body) => {
    // spec 1 §4: an empty submission needs a confirm first.
    if (isEmptyCompletion(body)) {
      setConfirming(true);
      return;
    }
    await save(body);
  });

  const onConfirm = form.handleSubmit(async (body) => {
    setConfirming(false);
    await save(body);
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Complete your profile">
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">Partner usernames</legend>
          {rows.fields.map((row, index) => {
            const rowErrors = errors.partners?.[index];
            return (
              <div key={row.id} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
                <div className="grid gap-1.5">
                  <Label htmlFor={`partner-${index}`} className="sr-only">
                    Partner {index + 1}
                  </Label>
                  <Controller
                    control={form.control}
                    name={`partners.${index}.partner`}
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger id={`partner-${index}`} className="w-full" aria-invalid={rowErrors?.partner ? true : undefined}>
                          <SelectValue placeholder="Choose partner" />
                        </SelectTrigger>
                        <SelectContent>
                          {SIGNUP_PARTNERS.map((partner) => (
                            <SelectItem key={partner} value={partner}>
                              {partner}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                  <FormMessage>{rowErrors?.partner?.message}</FormMessage>
                </div>
                <FormField
                  label={`Username at partner ${index + 1}`}
                  placeholder="Your username there"
                  autoComplete="off"
                  error={rowErrors?.username?.message}
                  {...form.register(`partners.${index}.username`)}
                />
                {rows.fields.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="sm:mt-5"
                    aria-label={`Remove partner ${index + 1}`}
                    onClick={() => rows.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            );
          })}
          {rows.fields.length < SIGNUP_PARTNERS.length && (
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => rows.append(emptyRow)}>
              <Plus aria-hidden="true" />
              Add another partner
            </Button>
          )}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">Crypto addresses</legend>
          {CRYPTO_FIELDS.map(({ name, label }) => (
            <FormField
              key={name}
              label={label}
              autoComplete="off"
              spellCheck={false}
              error={errors.crypto?.[name]?.message}
              {...form.register(`crypto.${name}`)}
            />
          ))}
        </fieldset>
        <p className="text-xs text-muted-foreground">Both are optional. You can change them later in Settings.</p>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Completing…' : 'Complete Profile'}
        </Button>
      </form>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>No Partner Username or Crypto Addresses Added.</AlertDialogTitle>{' '}
            <AlertDialogDescription>Continue anyway? You can always add them later in Settings.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void onConfirm()}>Confirm</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
