import { CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HOW_TO_GUIDES, type HowToProgress, type HowToStepId } from '@app/shared/api/how-to';
import { QueryError, QueryLoading } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { spotlightElement } from '@/lib/spotlight';
import { useHowTo } from '../api/get-how-to';
import { GUIDE_TEXT, STEP_GUIDES } from './how-to-steps';
import { VerifyDraw, VerifyRound } from './how-to-verifiers';

/** /how-to: step-by-step guides; each step points at its real control and checks off from the server's reading of your account. */
export default function HowToPage() {
  const { user, initializing } = useSession();
  const progress = useHowTo(user?.id ?? null);
  const announcement = useStepAnnouncement(progress.data);
  return (
    <section aria-labelledby="how-to-title" className="mx-auto max-w-4xl px-4 py-10">
      <h1 id="how-to-title" className="text-3xl font-extrabold tracking-tight">
        Interactive How-To&apos;s
      </h1>
      <p className="mt-3 text-muted-foreground">
        Follow a guide step by step: “Show me” takes you to the control a step is about, and the step checks itself off once you have done it.
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* A visitor has no progress to load: the guides show at once, unchecked. */}
      {initializing || (user && progress.isPending) ? (
        <QueryLoading layout="section" className="mt-8" label="Loading your progress…" />
      ) : user && progress.isError ? (
        <QueryError
          layout="section"
          className="mt-8"
          message={`Could not load your progress: ${errorMessage(progress.error, 'please try again.')}`}
          onRetry={() => void progress.refetch()}
          retryLabel="Retry"
        />
      ) : (
        <>
          {!user && (
            <p className="mt-6 rounded-md border bg-card p-4 text-sm">
              <Link to="/" state={{ openAuth: true, tab: 'login', from: '/how-to' }} className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>{' '}
              to follow the guides: your steps check off as you do them.
            </p>
          )}
          <Guides progress={user ? (progress.data ?? null) : null} />
        </>
      )}
    </section>
  );
}

/** "Step done: …" for each step that checked off since the last reading (screen readers hear it). */
function useStepAnnouncement(progress: HowToProgress | undefined): string {
  const seen = useRef<Set<string> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!progress) return;
    const done = new Set(progress.guides.flatMap((g) => g.steps.filter((s) => s.isDone).map((s) => s.id)));
    if (seen.current) {
      const fresh = [...done].filter((id) => !seen.current!.has(id));
      if (fresh.length > 0) setText(`Step done: ${fresh.map((id) => STEP_GUIDES[id as HowToStepId].title).join(', ')}.`);
    }
    seen.current = done;
  }, [progress]);
  return text;
}

function Guides({ progress }: { progress: HowToProgress | null }) {
  const navigate = useNavigate();
  const isDone = (id: HowToStepId) => progress?.guides.some((g) => g.steps.some((s) => s.id === id && s.isDone)) ?? false;

  const showMe = (id: HowToStepId) => {
    const step = STEP_GUIDES[id];
    if (step.local) {
      const el = document.getElementById(step.local);
      if (el) spotlightElement(el);
      return;
    }
    if (step.to) navigate(step.to, { state: step.target ? { spotlight: step.target } : step.state });
  };

  return (
    <div className="mt-8 grid gap-8">
      {HOW_TO_GUIDES.map((guide) => {
        const text = GUIDE_TEXT[guide.id];
        const doneCount = guide.steps.filter(isDone).length;
        const headingId = `how-to-${guide.id}`;
        return (
          <section key={guide.id} aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={headingId} className="text-xl font-bold">
                {text.title}
              </h2>
              {progress && (
                <span className="text-sm text-muted-foreground">
                  {doneCount} of {guide.steps.length} done
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{text.intro}</p>
            {progress && <Progress value={(doneCount / guide.steps.length) * 100} label={`${text.title} progress`} className="mt-3" />}
            {guide.id === 'get-started' && progress && (
              <p className="mt-2 text-sm">
                {progress.bonus.creditedAt
                  ? `Bonus credited: ${progress.bonus.points.toLocaleString('en-US')} points.`
                  : `Finish it to earn ${progress.bonus.points.toLocaleString('en-US')} points, once.`}
              </p>
            )}
            <ol className="mt-4 grid gap-3">
              {guide.steps.map((id, index) => {
                const step = STEP_GUIDES[id];
                const done = isDone(id);
                return (
                  <li key={id} className="flex gap-3 rounded-lg border p-3" data-done={done ? 'true' : undefined}>
                    {done ? (
                      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    ) : (
                      <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">
                        <span className="sr-only">Step {index + 1}: </span>
                        {step.title}
                        {progress && <span className="sr-only">{done ? ' (done)' : ' (not done yet)'}</span>}
                      </h3>
                      {progress && done && <p className="text-sm font-medium text-primary">Done</p>}
                      <p className="text-sm text-muted-foreground">{step.text}</p>
                      {progress && !done && (
                        <Button size="sm" variant="outline" className="mt-2" onClick={() => showMe(id)} aria-label={`Show me: ${step.title}`}>
                          Show me
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
            {guide.id === 'check-fair' && (
              <div className="mt-6 grid gap-6">
                <VerifyRound canRecord={progress !== null} />
                <VerifyDraw canRecord={progress !== null} />
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
