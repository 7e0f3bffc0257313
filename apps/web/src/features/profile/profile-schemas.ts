import { z } from 'zod';
import { CRYPTO_ADDRESS_MAX, CRYPTO_CURRENCIES, CompleteProfileBodySchema, PARTNER_USERNAME_MAX } from '@app/shared/api/profile';

export const CRYPTO_LABELS: Record<(typeof CRYPTO_CURRENCIES)[number], string> = {
  btc: 'BTC',
  eth: 'ETH',
  usdt: 'USDT',
  sol: 'SOL',
};

export const CasinoAccountFormSchema = z
  .object({ platform: z.string(), username: z.string().trim().max(PARTNER_USERNAME_MAX, `A username is at most ${PARTNER_USERNAME_MAX} characters`) })
  .superRefine((value, ctx) => {
    if (!value.platform || !value.username) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Please enter both platform and username' });
    }
  });
export type CasinoAccountFormInput = z.input<typeof CasinoAccountFormSchema>;

export const CryptoAddressFormSchema = z.object({
  currency: z.enum(CRYPTO_CURRENCIES),
  address: z.string().trim().min(1, 'Please enter an address').max(CRYPTO_ADDRESS_MAX, `An address is at most ${CRYPTO_ADDRESS_MAX} characters`),
});
export type CryptoAddressFormInput = z.input<typeof CryptoAddressFormSchema>;

/** Settings: all four addresses at once (blank removes one); the same rules as the server's. */
export const SettingsFormSchema = z.object({
  crypto: CompleteProfileBodySchema.shape.crypto.required(),
});
export type SettingsFormInput = z.input<typeof SettingsFormSchema>;
