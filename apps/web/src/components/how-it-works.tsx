import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';

export type HowItWorksStep = { icon: LucideIcon; title: string; text: string };

type HowItWorksProps = { steps: readonly HowItWorksStep[]; className?: string };

/** The numbered 'How It Works' section several pages end with. */
export function HowItWorks({ steps, className }: HowItWorksProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('mx-auto max-w-7xl px-4', className)}>
      <h2 id={titleId} className="text-2xl font-bold">
        How It Works
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.title} className="rounded-xl border bg-card p-6">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary" aria-hidden="true">
                <step.icon className="size-5" />
              </span>
              <h3 className="font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
            </div>
            <p className="mt-3 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
