import { CircleCheck, CircleX } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { ViewProps } from './view-props';

/** spec 1 §4/§8: verifySuccess and verifyFailed; submitting either returns to login. */
export function VerifyResultView({ goTo, outcome }: ViewProps & { outcome: 'success' | 'failed' }) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    goTo('login');
  };
  const isSuccess = outcome === 'success';
  const Icon = isSuccess ? CircleCheck : CircleX;
  return (
    <form onSubmit={onSubmit} className="grid gap-4 text-center" aria-label={isSuccess ? 'Email verified' : 'Email verification failed'}>
      <Icon className={isSuccess ? 'mx-auto size-10 text-success' : 'mx-auto size-10 text-destructive'} aria-hidden="true" />
      <p>{isSuccess ? 'Your email has been verified! You can now log in.' : 'Email verification failed. Please try again or contact support.'}</p>
      <Button type="submit" className="w-full">
        {isSuccess ? 'Continue' : 'Retry'}
      </Button>
    </form>
  );
}
