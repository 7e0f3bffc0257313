import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPointsBody } from '@app/shared/api/points';
import type {
  AdminUserDetail,
  AdminUserList,
  AdminUserStatus,
  Restriction,
  RestrictionInput,
  UserActivityPage,
} from '@app/shared/api/admin-users';
import type { AdminCasinoAccount as CasinoAccountRow } from '@app/shared/api/casino-accounts';
import { api } from '@/lib/api-client';

export type CasinoAccountDecision = { account: CasinoAccountRow; points: number };

export type UserListParams = {
  q: string;
  status: AdminUserStatus | 'all';
  page: number;
  pageSize: number;
};

/** GET /api/admin/users?q=&status=&page=&pageSize= */
export async function getAdminUsers({ q, status, page, pageSize }: UserListParams): Promise<AdminUserList> {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
  });
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  return api.get<AdminUserList>(`/api/admin/users?${params}`);
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: ['admin', 'users', 'list', params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:id */
export async function getAdminUser(id: string): Promise<AdminUserDetail> {
  return (await api.get<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(id)}`)).user;
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['admin', 'users', 'detail', id],
    queryFn: () => getAdminUser(id),
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null });
}

/** GET /api/admin/users/:id/activity?page=&pageSize= (newest first). */
export async function getUserActivity(id: string, page: number, pageSize = 20): Promise<UserActivityPage> {
  return api.get<UserActivityPage>(`/api/admin/users/${encodeURIComponent(id)}/activity?page=${page}&pageSize=${pageSize}`);
}

export function useUserActivity(id: string | null, page: number) {
  return useQuery({
    queryKey: ['admin', 'users', 'detail', id, 'activity', page],
    queryFn: () => getUserActivity(id!, page),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
}

/** POST /api/admin/users/:id/restrictions {kind, days?, reason} → the restriction. */
export async function applyRestriction(userId: string, input: RestrictionInput, idempotencyKey: string): Promise<Restriction> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}/restrictions`;
  return (await api.post<{ restriction: Restriction }>(path, input, { headers: { 'idempotency-key': idempotencyKey } })).restriction;
}

/** DELETE /api/admin/users/:id/restrictions/:rid */
export async function removeRestriction(userId: string, restrictionId: string): Promise<void> {
  await api.delete(`/api/admin/users/${encodeURIComponent(userId)}/restrictions/${encodeURIComponent(restrictionId)}`);
}

export function useApplyRestriction() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ userId, input, idempotencyKey }: { userId: string; input: RestrictionInput; idempotencyKey: string }) =>
      applyRestriction(userId, input, idempotencyKey),
    onSuccess: invalidate,
  });
}

export function useRemoveRestriction() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ userId, restrictionId }: { userId: string; restrictionId: string }) => removeRestriction(userId, restrictionId),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/users/:id/points {amount, reason}: a positive amount grants, a negative one revokes. */
export async function adjustPoints(userId: string, body: AdminPointsBody, idempotencyKey: string): Promise<{ points: number }> {
  return api.post<{ points: number }>(`/api/admin/users/${encodeURIComponent(userId)}/points`, body, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useAdjustPoints() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ userId, body, idempotencyKey }: { userId: string; body: AdminPointsBody; idempotencyKey: string }) =>
      adjustPoints(userId, body, idempotencyKey),
    onSuccess: invalidate,
  });
}

/** GET /api/admin/users/:id/casino-accounts: the links with their ids, states and wagers (USD). */
export async function getUserCasinoAccounts(userId: string): Promise<CasinoAccountRow[]> {
  return (await api.get<{ accounts: CasinoAccountRow[] }>(`/api/admin/users/${encodeURIComponent(userId)}/casino-accounts`)).accounts;
}

export function useUserCasinoAccounts(userId: string) {
  return useQuery({ queryKey: ['admin', 'users', 'detail', userId, 'casino-accounts'], queryFn: () => getUserCasinoAccounts(userId) });
}

/** POST /api/admin/users/:id/casino-accounts/:aid/verify|reject → the account and the owner's balance. */
export async function decideCasinoAccount(userId: string, accountId: string, decision: 'verify' | 'reject'): Promise<CasinoAccountDecision> {
  return api.post<CasinoAccountDecision>(
    `/api/admin/users/${encodeURIComponent(userId)}/casino-accounts/${encodeURIComponent(accountId)}/${decision}`,
  );
}

export function useDecideCasinoAccount() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ userId, accountId, decision }: { userId: string; accountId: string; decision: 'verify' | 'reject' }) =>
      decideCasinoAccount(userId, accountId, decision),
    onSuccess: invalidate,
  });
}
