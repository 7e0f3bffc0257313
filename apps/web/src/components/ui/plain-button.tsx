import { clsx } from 'clsx';
import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { buttonVariants } from './button-variants';
import { Slot } from './slot';

type PlainButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * The Button for the landing route's entry script (header, landing page, route error): the same
 * variants, but class names are joined, not merged, so tailwind-merge (8 KB gzipped) stays out of
 * the entry's 100 KB budget. Pass only classes that add to the variant's (margins, alignment) or
 * that carry a breakpoint (`max-md:hidden`, `xl:hidden`); anything that overrides one of the
 * variant's own classes needs Button.
 */
export function PlainButton({ className, variant, size, asChild = false, type, ...props }: PlainButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp data-slot="button" className={clsx(buttonVariants({ variant, size }), className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />;
}
