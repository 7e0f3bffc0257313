import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StreamCommand, StreamCommandInput } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

type CommandList = { commands: StreamCommand[]; builtIn: string[] };

/** GET /api/admin/stream/commands: the custom commands and the built-in names. */
function getStreamCommands(): Promise<CommandList> {
  return api.get<CommandList>('/api/admin/stream/commands');
}

const commandsQueryKey = [...streamQueryKey, 'commands'] as const;

function getStreamCommandsQueryOptions() {
  return queryOptions({ queryKey: commandsQueryKey, queryFn: getStreamCommands });
}

export function useStreamCommands() {
  return useQuery(getStreamCommandsQueryOptions());
}

type CommandChange = { kind: 'create'; input: StreamCommandInput } | { kind: 'update'; id: string; input: StreamCommandInput } | { kind: 'delete'; id: string };

/** POST, PUT /:id or DELETE /:id under /api/admin/stream/commands. */
function changeStreamCommand(change: CommandChange): Promise<unknown> {
  if (change.kind === 'create') return api.post('/api/admin/stream/commands', change.input);
  if (change.kind === 'update') return api.put(`/api/admin/stream/commands/${encodeURIComponent(change.id)}`, change.input);
  return api.delete(`/api/admin/stream/commands/${encodeURIComponent(change.id)}`);
}

export function useChangeStreamCommand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeStreamCommand, onSettled: () => queryClient.invalidateQueries({ queryKey: commandsQueryKey }) });
}
