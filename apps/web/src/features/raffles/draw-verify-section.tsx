import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { DrawVerification } from './raffle-verify';

/**
 * The Verify section of a draw (a raffle's, a chat giveaway's): the draw recomputed in the browser
 * from the published seed, entrants and digest, so a member need not trust the server.
 */
export function DrawVerifySection({
  result,
  summary,
  data,
}: {
  /** Null while the draw's data is not published. */
  result: DrawVerification | null;
  /** What was recomputed from what. */
  summary: ReactNode;
  /** The published data shown under "Published draw data". */
  data: { label: string; value: string }[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <h3 id={titleId} className="flex items-center gap-1.5 font-semibold">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        Verify
      </h3>
      {result === null ? (
        <p className="text-muted-foreground">The draw's data is not published yet.</p>
      ) : (
        <>
          <p className="text-muted-foreground">{summary}</p>
          <ul className="flex flex-col gap-1">
            <Check ok={result.isSeedCommitted} text="The seed matches the commitment published before the draw" />
            <Check ok={result.isDigestMatching} text="The entrants match the published digest" />
            <Check ok={result.isWinnersMatching} text="The recomputed winners match the announced winners" />
          </ul>
          <p role="status" className={result.agrees ? 'font-semibold text-success' : 'font-semibold text-destructive'}>
            {result.agrees ? 'Verified: the winners agree with the published draw.' : 'Not verified: the winners do not agree with the published draw.'}
          </p>
          <details className="text-xs">
            <summary className="cursor-pointer font-medium">Published draw data</summary>
            <dl className="mt-2 flex flex-col gap-1 font-mono break-all">
              {data.map((d) => (
                <div key={d.label} className="contents">
                  <dt className="font-sans text-muted-foreground">{d.label}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
              <dt className="font-sans text-muted-foreground">Recomputed winners</dt>
              <dd>{result.recomputedWinners.join(', ') || '—'}</dd>
            </dl>
          </details>
        </>
      )}
    </section>
  );
}

function Check({ ok, text }: { ok: boolean; text: string }) {
  return (
    <li className="flex items-start gap-1.5">
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      )}
      <span>
        <span className="sr-only">{ok ? 'Passed: ' : 'Failed: '}</span>
        {text}
      </span>
    </li>
  );
}
