import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** The Stream screen's tabs, each at /admin/stream/<slug>. */
export const STREAM_TABS = [
  { slug: 'connection', label: 'Connection' },
  { slug: 'points', label: 'Points' },
  { slug: 'commands', label: 'Commands' },
  { slug: 'timers', label: 'Timers' },
  { slug: 'giveaways', label: 'Giveaways' },
  { slug: 'moderation', label: 'Moderation' },
  { slug: 'dealornodeal', label: 'Deal or No Deal' },
  { slug: 'test-chat', label: 'Test chat' },
] as const;

export type StreamTab = (typeof STREAM_TABS)[number]['slug'];

export const STREAM_PATH = '/admin/stream';

/** The tab a pathname names (/admin/stream/points → points), or null for /admin/stream itself or an unknown tab. */
export function streamTabOf(pathname: string): StreamTab | null {
  const rest = pathname.replace(/\/+$/, '').slice(STREAM_PATH.length + 1);
  return STREAM_TABS.find((t) => t.slug === rest)?.slug ?? null;
}

/**
 * Tabs that are pages: choosing one goes to its URL (back and forward, a bookmark, a link from the
 * audit log all land on it). Manual activation: the arrow keys move between tabs and Enter or Space
 * opens one, so walking the list with the keyboard does not load every tab on the way.
 */
export function StreamTabs({ tab, panels }: { tab: StreamTab; panels: Record<StreamTab, () => ReactNode> }) {
  const navigate = useNavigate();
  return (
    <Tabs value={tab} onValueChange={(next) => void navigate(`${STREAM_PATH}/${next}`)} activationMode="manual" className="min-w-0 gap-4">
      <TabsList aria-label="Stream sections" className="h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
        {STREAM_TABS.map((t) => (
          <TabsTrigger key={t.slug} value={t.slug} className="h-auto flex-none px-3 py-1.5">
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {STREAM_TABS.map((t) => (
        <TabsContent key={t.slug} value={t.slug} className="grid min-w-0 grid-cols-1 gap-4">
          {t.slug === tab ? panels[t.slug]() : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
