import { LayoutDashboard, Search, Ticket, Zap } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { CreateRaffleState } from '../raffles/raffles-screen';
import { QuickSearchDialog } from './quick-search-dialog';

/**
 * spec 1 §6, spec 2 §2: the floating quick-action button for admins only: Admin, Search, Create Raffle.
 * The layout mounts this chunk only for an admin; the server still decides every admin call.
 */
export default function QuickActionButton() {
  const navigate = useNavigate();
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label="Admin quick actions"
          className="fixed right-4 bottom-4 z-40 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Zap className="size-5" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" side="top">
          <DropdownMenuItem onSelect={() => void navigate('/admin')}>
            <LayoutDashboard aria-hidden="true" /> Admin
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setIsSearchOpen(true)}>
            <Search aria-hidden="true" /> Search
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              void navigate('/admin/raffles', {
                state: { createRaffle: true } satisfies CreateRaffleState,
              })
            }
          >
            <Ticket aria-hidden="true" /> Create Raffle
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <QuickSearchDialog open={isSearchOpen} onOpenChange={setIsSearchOpen} />
    </>
  );
}
