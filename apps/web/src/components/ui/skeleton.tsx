import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block for content that is loading; size it like the content so nothing moves when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden="true" data-slot="skeleton" className={cn('block rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />;
}
