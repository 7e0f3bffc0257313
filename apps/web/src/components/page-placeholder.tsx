import type { ReactNode } from 'react';

type PagePlaceholderProps = { title: string; children: ReactNode };

/** A page whose content is not built yet: its title and what will be there. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">{children}</p>
    </section>
  );
}
