import { useId } from 'react';

/** spec 2 §9 Store: the About Points text. */
export function AboutPoints() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-card p-6">
      <h2 id={titleId} className="text-2xl font-bold">
        About Points
      </h2>
      <ul className="mt-4 grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
        <li>You earn 1 point for every $1 wagered at our partner casinos.</li>
        <li>Points expire after 12 months of inactivity.</li>
        <li>Points are non-transferable.</li>
        <li>Cash rewards are paid within 1-2 business days.</li>
        <li>Bonus credits are added instantly.</li>
        <li>Merchandise ships within 7-10 business days.</li>
      </ul>
      <p className="mt-4 text-sm font-medium">You must be 18+ to take part.</p>
    </section>
  );
}
