import { ACTIVITY_TYPES, type ActivityType, type AuditEntry } from '@app/shared/api/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '../components/format';
import { Pager } from '../components/pager';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
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
    <div className="grid gap-4">
      <ScreenHeader title="Audit Log" description="Every act of an admin, with who did it and what it touched.">
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
      </ScreenHeader>
      <Card>
        <CardContent className="grid gap-3 pt-6">
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
                            <TableCell className="font-medium">{item.title}</TableCell>
                            <TableCell className="text-sm">
                              <AuditTargetCell item={item} />
                            </TableCell>
                            <TableCell className="min-w-64 whitespace-normal break-words text-sm">
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
    </div>
  );
}

/** The target by name, linked to the screen that manages it; its type alone when it has no name (deleted, or a setting). */
function AuditTargetCell({ item }: { item: AuditEntry }) {
  const target = item.target;
  if (!target) return <>{item.targetType}</>;
  const name = target.name;
  return (
    <>
      <span className="block text-xs text-muted-foreground">{target.label}</span>
      {name ? (
        target.href ? (
          <Link to={target.href} className="break-words underline underline-offset-2 hover:text-primary">
            {name}
          </Link>
        ) : (
          <span className="break-words">{name}</span>
        )
      ) : null}
    </>
  );
}
