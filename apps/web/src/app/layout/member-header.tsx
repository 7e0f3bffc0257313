import { ChevronDown, Coins, LogOut, UserRound } from 'lucide-react';
import { Fragment } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { memberLinks, moreGroupsFor } from './nav-links';

// A member's part of the header, a chunk of its own: a visitor's first page (the landing page's
// 100 KB budget) downloads none of it.

// Narrower than a visitor's links (header.tsx): a member's nine entries fit the 1280 px row.
const headerLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

function MoreMenu({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const groups = moreGroupsFor(isAdmin);
  const active = groups.some((group) => group.links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`)));
  return (
    // Not modal: a navigation menu leaves the page as it is (no aria-hidden on the rest, no scroll lock).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button type="button" className={cn(headerLinkClass({ isActive: active }), 'inline-flex items-center gap-1')}>
          More
          <ChevronDown className="size-4" aria-hidden="true" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {groups.map((group, index) => (
          <Fragment key={group.label}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel className="text-xs text-muted-foreground">{group.label}</DropdownMenuLabel>
            {group.links.map((link) => (
              <DropdownMenuItem key={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** spec 1 §2: the member links, then the visitor links, the points store with the points badge, and "More". */
export function MemberNavLinks({
  points,
  isAdmin,
  visitorLinks,
}: {
  points: number;
  isAdmin: boolean;
  visitorLinks: readonly { to: string; label: string }[];
}) {
  return (
    <>
      {[...memberLinks, ...visitorLinks].map((link) => (
        <NavLink key={link.to} to={link.to} className={headerLinkClass}>
          {link.label}
        </NavLink>
      ))}
      <NavLink to="/points-store" className={headerLinkClass}>
        <span className="flex items-center gap-2">
          Points store
          <span
            className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary"
            aria-label={`${points.toLocaleString('en-US')} points`}
          >
            <Coins className="size-3" aria-hidden="true" />
            {points.toLocaleString('en-US')}
          </span>
        </span>
      </NavLink>
      <MoreMenu isAdmin={isAdmin} />
    </>
  );
}

/** spec 1 §2: the profile button and the Logout button. */
export function MemberActions({ username, onLogout }: { username: string; onLogout: () => void }) {
  return (
    <div className="hidden items-center gap-2 xl:flex">
      <Button variant="outline" size="sm" asChild>
        <Link to="/profile" aria-label={`Profile of ${username}`}>
          <UserRound aria-hidden="true" />
          {username}
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={onLogout}>
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </div>
  );
}
