import { Globe, ShieldCheck, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { readNow } from '@/lib/use-now';
import { Logo } from './logo';

// spec 1 §2: static columns with placeholder links.
const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Rewards', to: '/rewards' },
      { label: 'Leaderboards', to: '/leaderboard' },
      { label: 'Games', to: '/games' },
      { label: 'Casino Reviews', to: '/casino-reviews' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/terms' },
      { label: 'Contact Us', to: '/terms' },
      { label: 'FAQ', to: '/terms' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms & Conditions', to: '/terms' },
      { label: 'Privacy Policy', to: '/terms' },
      { label: 'Responsible Gambling', to: '/terms' },
    ],
  },
];

const badges = [
  { label: 'Secure & Private', Icon: ShieldCheck },
  { label: 'Available Worldwide', Icon: Globe },
  { label: 'Mobile & Web', Icon: Smartphone },
];

export default function Footer() {
  return (
    <footer className="mt-16 border-t bg-card/50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted-foreground">Earn points for your play, climb the races and redeem rewards.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
            <ul className="space-y-2 text-sm text-muted-foreground">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
          <ul className="flex flex-wrap justify-center gap-6">
            {badges.map(({ label, Icon }) => (
              <li key={label} className="flex items-center gap-2">
                <Icon className="size-4 text-primary" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
          <p>© {new Date(readNow()).getFullYear()} Rewards Hub. 18+ only. Play responsibly.</p>
        </div>
      </div>
    </footer>
  );
}
