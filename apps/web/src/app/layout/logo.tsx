import { Trophy } from 'lucide-react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-extrabold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Trophy className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">
        {/* The name is the visible text (WCAG 2.5.3): "Rewards Hub home". */}
        Rewards <span className="text-primary">Hub</span>
        <span className="sr-only"> home</span>
      </span>
    </Link>
  );
}
