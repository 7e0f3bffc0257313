import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_USER_STATUSES, type AdminUserRow, type AdminUserStatus } from '@app/shared/api/admin-users';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatDate, formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { Pager } from '../components/pager';
import { UserDetailsDialog } from './user-details-dialog';
import { useAdminUsers } from './api/get-admin-users';

const PAGE_SIZE = 20;
const STATUS_VARIANT = {
  Active: 'success',
  Timeout: 'secondary',
  Banned: 'destructive',
} as const;

/** Users: search by username, e-mail, UID or Kick name; pages from the server; the User-details dialog. */
export function UsersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AdminUserStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ q, status, page, pageSize: PAGE_SIZE });
  const openId = searchParams.get('id');
  const openUser = (id: string | null) =>
    setSearchParams((params) => {
      if (id) params.set('id', id);
      else params.delete('id');
      return params;
    });

  const columns = useMemo<AdminColumn<AdminUserRow>[]>(
    () => [
      { accessorKey: 'name', header: 'Username' },
      { accessorKey: 'email', header: 'Email' },
      {
        accessorKey: 'uid',
        header: 'UID',
        cell: (c) => <span className="font-mono text-xs">{c.row.original.uid}</span>,
      },
      {
        accessorKey: 'points',
        header: 'Points',
        cell: (c) => formatPoints(c.row.original.points),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: (c) => (
          <span className="flex gap-1">
            <Badge variant={STATUS_VARIANT[c.row.original.status]}>{c.row.original.status}</Badge>
            {c.row.original.isAdmin && <Badge variant="outline">Admin</Badge>}
            {c.row.original.flags.includes('Demo player') && <Badge variant="secondary">Demo player</Badge>}
          </span>
        ),
      },
      {
        accessorKey: 'joined',
        header: 'Joined',
        sortFn: 'datetime',
        cell: (c) => formatDate(c.row.original.joined),
      },
      {
        accessorFn: (r) => r.lastLogin ?? '',
        id: 'lastLogin',
        header: 'Last login',
        cell: (c) => formatDateTime(c.row.original.lastLogin),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => openUser(c.row.original.id)} aria-label={`View ${c.row.original.name}`}>
            View
          </Button>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openUser only writes the search params
    [],
  );

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Users" description="Every account: search, view details, restrict, grant or revoke points." />
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft);
          setPage(1);
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="users-q">Search users</Label>
          <Input
            id="users-q"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Username, e-mail, UID or Kick name"
            className="w-72 max-w-full"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-status">Status</Label>
          <Select
            value={status}
            onValueChange={(v) => {
              setStatus(v as AdminUserStatus | 'all');
              setPage(1);
            }}
          >
            <SelectTrigger id="users-status" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All</SelectItem>
              {ADMIN_USER_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit">Search</Button>
      </form>
      <AdminQueryState query={users} label="users">
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <div className="grid gap-2">
              <DataTable
                caption="Users"
                columns={columns}
                data={data.users}
                getRowId={(u) => u.id}
                pageSize={PAGE_SIZE}
                emptyText="No users match this search."
              />
              <Pager label="User pages" page={page} pages={pages} setPage={setPage}>
                <span className="mr-auto text-muted-foreground">{data.total} users</span>
              </Pager>
            </div>
          );
        }}
      </AdminQueryState>
      <UserDetailsDialog userId={openId} onOpenChange={(open) => !open && openUser(null)} />
    </div>
  );
}
