import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { API_TOKEN_SCOPES, WEBHOOK_EVENTS, type ApiTokenScope, type PointsImportResult, type WebhookEvent } from '@app/shared/api/developers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api/api-tokens';
import { downloadPointsExport, useImportPoints } from './api/points-files';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useRedeliver, useTestWebhook, useUpdateWebhook, useWebhooks } from './api/webhooks';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : 'Never');

/** A secret shown once, with a copy button. */
function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
      <p className="font-medium">{label}: copy it now, it is not shown again.</p>
      <div className="mt-2 flex gap-2">
        <Input readOnly value={value} aria-label={label} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(value).then(() => toast.success('Copied'))}>
          Copy
        </Button>
      </div>
    </div>
  );
}

function TokensCard() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['points:read']);
  const [shown, setShown] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (created) => {
          setShown(created.token);
          setName('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>API tokens</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3" aria-label="Create an API token">
          <div className="space-y-1">
            <Label htmlFor="token-name">Token name</Label>
            <Input id="token-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
          </div>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) => setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))}
                />
                {scope}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
            Create token
          </Button>
        </form>
        {shown && <ShownOnce label="New API token" value={shown} />}
        <AdminQueryState query={tokens} label="API tokens">
          {(data) =>
            data.tokens.length === 0 ? (
              <p className="text-sm text-muted-foreground">No tokens yet.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Token</TableHead>
                    <TableHead>Scopes</TableHead>
                    <TableHead>Last used</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.tokens.map((t) => (
                    <TableRow key={t.id}>
                      <TableCell>{t.name}</TableCell>
                      <TableCell className="font-mono">{t.prefix}…</TableCell>
                      <TableCell>{t.scopes.join(', ')}</TableCell>
                      <TableCell>{when(t.lastUsedAt)}</TableCell>
                      <TableCell>
                        <Button variant="outline" size="sm" onClick={() => revoke.mutate(t.id, { onError: (e) => toast.error(errorMessage(e)) })}>
                          Revoke <span className="sr-only">{t.name}</span>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}

function DeliveryLog({ webhookId, url }: { webhookId: string; url: string }) {
  const deliveries = useDeliveries(webhookId);
  const redeliver = useRedeliver(webhookId);
  return (
    <AdminQueryState query={deliveries} label="Deliveries">
      {(data) =>
        data.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deliveries yet.</p>
        ) : (
          <Table aria-label={`Deliveries to ${url}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Last answer</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{d.event}</TableCell>
                  <TableCell>{d.status}</TableCell>
                  <TableCell>{d.attempts}</TableCell>
                  <TableCell>{d.lastStatusCode ?? '-'}</TableCell>
                  <TableCell>{when(d.createdAt)}</TableCell>
                  <TableCell>
                    {d.status !== 'pending' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={redeliver.isPending}
                        onClick={() =>
                          redeliver.mutate(d.id, {
                            onSuccess: () => toast.success('Delivery queued again'),
                            onError: (e) => toast.error(errorMessage(e)),
                          })
                        }
                      >
                        Redeliver <span className="sr-only">{`${d.event} of ${when(d.createdAt)}`}</span>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      }
    </AdminQueryState>
  );
}

function WebhooksCard() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<'standard' | 'discord'>('standard');
  const [events, setEvents] = useState<WebhookEvent[]>(['raffle.drawn']);
  const [shown, setShown] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url, format, events },
      {
        onSuccess: (created) => {
          setShown(created.secret);
          setUrl('');
          setOpen(created.id);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Webhooks</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3" aria-label="Add a webhook">
          <div className="space-y-1">
            <Label htmlFor="webhook-url">Endpoint URL</Label>
            <Input id="webhook-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://example.com/hooks" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="webhook-format">Format</Label>
            <select
              id="webhook-format"
              value={format}
              onChange={(e) => setFormat(e.target.value as 'standard' | 'discord')}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              <option value="standard">Standard Webhooks (signed JSON)</option>
              <option value="discord">Discord</option>
            </select>
          </div>
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {WEBHOOK_EVENTS.filter((e) => e !== 'ping').map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(e) => setEvents((s) => (e.target.checked ? [...s, name] : s.filter((x) => x !== name)))}
                />
                {name}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={create.isPending || !url || events.length === 0}>
            Add webhook
          </Button>
        </form>
        {shown && <ShownOnce label="Signing secret" value={shown} />}
        <AdminQueryState query={hooks} label="Webhooks">
          {(data) =>
            data.webhooks.length === 0 ? (
              <p className="text-sm text-muted-foreground">No webhooks yet.</p>
            ) : (
              <ul className="space-y-3">
                {data.webhooks.map((h) => (
                  <li key={h.id} className="space-y-2 rounded-md border p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm break-all">{h.url}</span>
                      <span className="text-xs text-muted-foreground">
                        {h.format} · {h.enabled ? 'on' : 'off'} · {h.events.join(', ')}
                      </span>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => test.mutate(h.id, { onSuccess: () => setOpen(h.id), onError: (e) => toast.error(errorMessage(e)) })}
                      >
                        Send test
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={update.isPending}
                        onClick={() => update.mutate({ id: h.id, patch: { enabled: !h.enabled } }, { onError: (e) => toast.error(errorMessage(e)) })}
                      >
                        {h.enabled ? 'Turn off' : 'Turn on'} <span className="sr-only">{h.url}</span>
                      </Button>
                      <Button size="sm" variant="outline" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? null : h.id)}>
                        Delivery log
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => remove.mutate(h.id, { onError: (e) => toast.error(errorMessage(e)) })}>
                        Delete
                      </Button>
                    </div>
                    {open === h.id && <DeliveryLog webhookId={h.id} url={h.url} />}
                  </li>
                ))}
              </ul>
            )
          }
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}

function PointsFilesCard() {
  const importer = useImportPoints();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PointsImportResult | null>(null);

  const run = (dryRun: boolean) =>
    file &&
    importer.mutate(
      { file, dryRun },
      {
        onSuccess: (result) => {
          setPreview(result);
          if (!dryRun) toast.success(`Imported ${result.points.toLocaleString('en-US')} points (${result.credited} rows)`);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Points import and export</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor="points-file">Points file (CSV: ours, StreamElements, Streamlabs or BotRix)</Label>
          <Input
            id="points-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={!file || importer.isPending} onClick={() => run(true)}>
            Preview
          </Button>
          <Button disabled={!file || !preview?.dryRun || importer.isPending} onClick={() => run(false)}>
            Import
          </Button>
          <Button variant="outline" onClick={() => void downloadPointsExport().catch((e: unknown) => toast.error(errorMessage(e)))}>
            Download export
          </Button>
        </div>
        {preview && (
          <div role="status" className="text-sm">
            <p>
              {preview.dryRun ? 'Preview' : 'Imported'} ({preview.format}): {preview.rows} rows, {preview.credited} credited,{' '}
              {preview.points.toLocaleString('en-US')} points, {preview.skipped.length} skipped.
            </p>
            {preview.skipped.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {preview.skipped.slice(0, 20).map((s) => (
                  <li key={s.line}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Developers: API tokens, outgoing webhooks, points import and export. */
export function DevelopersScreen() {
  return (
    <div className="space-y-6">
      <ScreenHeader title="Developers" description="API tokens for the public API, webhooks to your tools and Discord, points import and export." />
      <TokensCard />
      <WebhooksCard />
      <PointsFilesCard />
    </div>
  );
}
