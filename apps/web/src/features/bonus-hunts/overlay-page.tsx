import { useParams } from 'react-router';
import { useOverlayPage } from '@/lib/use-overlay-page';
import { useHunt } from './api/get-hunts';
import { BonusTable } from './bonus-table';
import { HuntFigures, STATUS_LABELS } from './hunt-figures';

/**
 * The stream overlay (/overlay/bonus-hunt/:id): read-only, no sign-in, no header or footer, on a
 * transparent page for broadcast software; the live figures and the list, the current bonus marked.
 */
export default function OverlayPage() {
  const { id = '' } = useParams();
  const query = useHunt(id);
  useOverlayPage();

  if (!query.data) {
    return (
      <div className="p-4 text-sm" role="status">
        {query.isError ? 'This hunt could not be loaded.' : 'Loading…'}
      </div>
    );
  }
  const { hunt, bonuses } = query.data;
  return (
    <div className="flex max-w-xl flex-col gap-3 rounded-xl bg-background/85 p-4 text-foreground">
      <h1 className="flex items-center justify-between gap-2 text-xl font-bold">
        <span>{hunt.title}</span>
        <span className="text-sm font-medium">{STATUS_LABELS[hunt.status]}</span>
      </h1>
      <HuntFigures hunt={hunt} compact />
      <BonusTable hunt={hunt} bonuses={bonuses} compact />
    </div>
  );
}
