import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from './api/get-profile';
import { CasinoAccountsTab } from './casino-accounts-tab';
import { HistoryTab } from './history-tab';
import { OverviewTab } from './overview-tab';
import { ProfileSidebar } from './profile-sidebar';
import { RestrictionsNotice } from './restrictions-notice';
import { SettingsTab } from './settings-tab';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'casino-accounts', label: 'Casino Accounts' },
  { value: 'history', label: 'History' },
  { value: 'settings', label: 'Settings' },
] as const;

/** /profile (spec 1 §2 Profile page, §3 Profile): the signed-in user's data from GET /api/profile. */
export default function ProfilePage() {
  const query = useProfile();
  const [tab, setTab] = useState<string>('overview');

  if (!query.isSuccess) {
    return (
      <QueryState
        query={query}
        loading="Loading profile…"
        title={<h1 className="text-xl font-bold">Your profile could not be loaded</h1>}
        failure={(error) => errorMessage(error)}
        showsRetrying
        className="mx-4 my-14 max-w-md sm:mx-auto"
      />
    );
  }

  const profile = query.data;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[20rem_1fr]">
      <RestrictionsNotice restrictions={profile.restrictions} />
      <ProfileSidebar profile={profile} />
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit" aria-label="Profile sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab profile={profile} />
        </TabsContent>
        <TabsContent value="casino-accounts">
          <CasinoAccountsTab profile={profile} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab profile={profile} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab profile={profile} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
