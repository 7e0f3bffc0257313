import { PlainButton } from '@/components/ui/plain-button';
import { errorMessage } from '@/lib/api-client';

// The icon-free pieces of a failed load, apart from query-state.tsx so that the landing page's
// standings chunk can use them without pulling in the icon chunk; the retry is a PlainButton, so
// that chunk does not bring tailwind-merge and the shared `ui` chunk either.

/** '{what} could not be loaded.' with the server's reason, or a hint when there is none. */
export function loadFailedText(what: string, error: unknown): string {
  return `${what} could not be loaded. ${errorMessage(error, 'Check your connection and try again.')}`;
}

/**
 * The retry of a failed load. With `isRetrying` (the query's isFetching) it says it is running and
 * waits; without, it stays as it is.
 */
export function RetryButton({
  onRetry,
  isRetrying,
  label = 'Try again',
  variant = 'outline',
  size,
}: {
  onRetry: () => void;
  isRetrying?: boolean;
  label?: string;
  variant?: 'default' | 'outline' | 'link';
  size?: 'default' | 'sm';
}) {
  return (
    <PlainButton variant={variant} size={size} onClick={onRetry} disabled={isRetrying}>
      {isRetrying ? 'Retrying…' : label}
    </PlainButton>
  );
}
