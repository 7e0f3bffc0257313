import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** A page's data that did not arrive: what failed, why (or a generic hint), and Try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-6">
      <p className="flex items-center gap-2 font-medium">
        <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
        {what} could not be loaded. {errorMessage(error, 'Check your connection and try again.')}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
