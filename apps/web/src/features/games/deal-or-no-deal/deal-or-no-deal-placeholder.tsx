import { Briefcase } from 'lucide-react';

/** spec 2 §2: the Deal Or No Deal image, shown to everyone above the round. */
export function DealOrNoDealArt() {
  return (
    <figure className="flex flex-col items-center justify-center gap-5 bg-gradient-to-br from-amber-500/15 to-orange-600/20 p-6 text-center">
      <div aria-hidden="true" className="grid grid-cols-4 gap-2 sm:gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <div
            key={i}
            className="flex size-14 flex-col items-center justify-center rounded-lg bg-gradient-to-b from-amber-400 to-amber-600 text-amber-950 shadow-md sm:size-16"
          >
            <Briefcase className="size-6" />
            <span className="text-xs font-bold">{i + 1}</span>
          </div>
        ))}
      </div>
      <figcaption className="grid gap-1">
        <span className="text-2xl font-extrabold tracking-tight">Deal Or No Deal</span>
        <span className="text-sm text-muted-foreground">Played live with the stream: pick a case, then take the banker's deal or hold out.</span>
      </figcaption>
    </figure>
  );
}
