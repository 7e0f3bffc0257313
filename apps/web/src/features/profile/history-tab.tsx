import type { Profile } from '@app/shared/api/profile';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { HistoryList } from './history-list';

export function HistoryTab({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <HistoryList items={profile.historyData} emptyText="No activity yet. Points, raffles and rewards will show up here." />
      </CardContent>
    </Card>
  );
}
