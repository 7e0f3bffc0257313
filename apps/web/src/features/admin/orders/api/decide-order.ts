import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** POST /api/admin/orders/:id/approve, with the click's Idempotency-Key. */
async function approveOrder(orderId: string, idempotencyKey: string): Promise<AdminOrder> {
  const path = `/api/admin/orders/${encodeURIComponent(orderId)}/approve`;
  return (
    await api.post<{ order: AdminOrder }>(path, undefined, {
      headers: { 'idempotency-key': idempotencyKey },
    })
  ).order;
}

/** POST /api/admin/orders/:id/decline {reason}: the server refunds the points through the ledger. */
async function declineOrder(orderId: string, reason: string, idempotencyKey: string): Promise<AdminOrder> {
  const path = `/api/admin/orders/${encodeURIComponent(orderId)}/decline`;
  return (await api.post<{ order: AdminOrder }>(path, { reason }, { headers: { 'idempotency-key': idempotencyKey } })).order;
}

/** Approve or decline; every orders list is fetched again afterwards (statuses move between filters). */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; decision: 'approve' } | { orderId: string; decision: 'decline'; reason: string }) =>
      v.decision === 'approve' ? approveOrder(v.orderId, key(v)) : declineOrder(v.orderId, v.reason, key(v)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

// One key per decision and order: a repeated click on the same decision is the same request.
const keys = new Map<string, string>();
function key(v: { orderId: string; decision: string }): string {
  const id = `${v.decision}:${v.orderId}`;
  let value = keys.get(id);
  if (!value) {
    value = crypto.randomUUID();
    keys.set(id, value);
  }
  return value;
}
