import { ShieldAlert } from 'lucide-react';
import type { OwnRestriction } from '@app/shared/api/admin-users';

function until(expiresAt: string | null): string {
  if (!expiresAt) return 'until an admin removes it';
  const date = new Date(expiresAt);
  return Number.isNaN(date.getTime()) ? '' : `until ${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`;
}

/** The user's own profile says what is restricted and until when, so a refused spend is never a surprise. Nothing when unrestricted. */
export function RestrictionsNotice({ restrictions }: { restrictions: readonly OwnRestriction[] | undefined }) {
  if (!restrictions || restrictions.length === 0) return null;
  return (
    <section aria-labelledby="own-restrictions" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm lg:col-span-2">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 id="own-restrictions" className="font-semibold">
          Your account is restricted
        </h2>
        <ul className="grid gap-0.5">
          {restrictions.map((r) => (
            <li key={`${r.kind}-${r.expiresAt ?? 'none'}`}>
              {r.label} {until(r.expiresAt)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
