import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { memberLinks, moreGroupsFor, visitorLinks } from './nav-links';

export type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMember: boolean;
  /** Admins also find Admin in the account group. */
  isAdmin?: boolean;
  points: number;
  onGetStarted: () => void;
  onLogout: () => void;
};

/** spec 1 §2: a mobile menu that mirrors the header. Its own chunk: loaded when first opened. */
export default function MobileMenu({ open, onOpenChange, isMember, isAdmin = false, points, onGetStarted, onLogout }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  const itemClass = ({ isActive }: { isActive: boolean }) => cn('block rounded-md px-3 py-3 text-base font-medium hover:bg-accent', isActive && 'text-primary');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 left-auto right-0 h-dvh max-h-dvh w-80 max-w-[85vw] translate-x-0 translate-y-0 content-start overflow-y-auto rounded-none">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {isMember &&
              memberLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={itemClass} onClick={close}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            {visitorLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={itemClass} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isMember && (
              <>
                <li>
                  <NavLink to="/points-store" className={itemClass} onClick={close}>
                    Points store <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-xs text-primary">{points.toLocaleString('en-US')}</span>
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/profile" className={itemClass} onClick={close}>
                    Profile
                  </NavLink>
                </li>
              </>
            )}
          </ul>
          {/* The header's "More" menu, as headed lists. */}
          {isMember &&
            moreGroupsFor(isAdmin).map((group) => (
              <section key={group.label} aria-labelledby={`mobile-more-${group.label}`} className="mt-3 border-t pt-3">
                <h2 id={`mobile-more-${group.label}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {group.label}
                </h2>
                <ul className="flex flex-col gap-1">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={itemClass} onClick={close}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </nav>
        {isMember ? (
          <Button
            variant="outline"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </Button>
        ) : (
          <Button
            onClick={() => {
              close();
              onGetStarted();
            }}
          >
            Get Started
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
