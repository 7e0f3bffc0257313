import { ACTIVITY_TYPES, type ActivityType } from '@app/shared/api/admin';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '../components/format';
import { Pager } from '../components/pager';
import { AdminQueryState } from '../components/query-state';
import { AUDIT_PAGE_SIZE, useAudit } from './api/get-audit';

const TYPE_LABELS: Record<ActivityType, string> = {
  raffle: 'Raffles',
  challenge: 'Challenges',
  user: 'Users',
  points: 'Points',
  level: 'Levels',
  race: 'Races',
  affiliate: 'Affiliates',
  store: 'Store',
  settings: 'Settings',
};

/** /admin/audit: every admin act (who, what, on what, from where), newest first. */
export function AuditScreen() {
  const [type, setType] = useState<ActivityType | 'all'>('all');
  const [page, setPage] = useState(1);
  const audit = useAudit(type, page);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h1>Audit Log</h1>
          </CardTitle>
          <CardDescription>Every act of an admin, with who did it and what it touched.</CardDescription>
        </div>
        <div>
          <Label htmlFor="audit-filter" className="sr-only">
            Audit filter
          </Label>
          <Select
            value={type}
            onValueChange={(v) => {
              setType(v as ActivityType | 'all');
              setPage(1);
            }}
          >
            <SelectTrigger id="audit-filter" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All acts</SelectItem>
              {ACTIVITY_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <AdminQueryState query={audit} label="the audit log">
          {(data) =>
            data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No admin acts for the selected filter.</p>
            ) : (
              <>
                <div className="overflow-x-auto">
                  <Table>
                    <TableCaption className="sr-only">Admin acts, newest first</TableCaption>
                    <TableHeader>
                      <TableRow>
                        <TableHead scope="col">Time</TableHead>
                        <TableHead scope="col">Actor</TableHead>
                        <TableHead scope="col">Act</TableHead>
                        <TableHead scope="col">Target</TableHead>
                        <TableHead scope="col">Details</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {data.items.map((item) => (
                        <TableRow key={item.id}>
                          <TableCell className="whitespace-nowrap">{formatDateTime(item.time)}</TableCell>
                          <TableCell>{item.actor?.username ?? 'System'}</TableCell>
                          <TableCell>
                            <span className="font-medium">{item.title}</span>
                            <span className="block text-xs text-muted-foreground">{item.action}</span>
                          </TableCell>
                          <TableCell className="text-xs">
                            {item.targetType}
                            {item.targetId ? <span className="block break-all text-muted-foreground">{item.targetId}</span> : null}
                          </TableCell>
                          <TableCell className="min-w-48 text-sm">
                            {item.details}
                            {item.ipAddress ? <span className="block text-xs text-muted-foreground">from {item.ipAddress}</span> : null}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
                <Pager label="Audit log pages" page={page} pages={Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE))} setPage={setPage} />
              </>
            )
          }
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}
