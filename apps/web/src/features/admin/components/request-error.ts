import { ApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/sonner';

/** spec 1 §8, spec 2 §8: a failed admin request says the server's error field, else 'Request failed ({status})'. */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.error || `Request failed (${error.status})`;
  if (error instanceof Error && error.message) return error.message;
  return 'Request failed';
}

/** A destructive toast for a failed admin write. */
export function toastRequestError(error: unknown, title = 'Request failed'): void {
  toast({
    title,
    description: requestErrorMessage(error),
    variant: 'destructive',
  });
}
