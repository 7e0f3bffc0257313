import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useTheme } from '@/lib/theme';
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
  // No header here to hold the theme: the overlay follows the stored or system theme itself.
  useTheme();

  useEffect(() => {
    const { style } = document.documentElement;
    const before = style.background;
    style.background = 'transparent';
    document.body.style.background = 'transparent';
    return () => {
      style.background = before;
      document.body.style.background = '';
    };
  }, []);

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
