import { Trophy } from 'lucide-react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-extrabold tracking-tight" aria-label="Rewards Hub home">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Trophy className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">
        Rewards<span className="text-primary">Hub</span>
      </span>
    </Link>
  );
}
