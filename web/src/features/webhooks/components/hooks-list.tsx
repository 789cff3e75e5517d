import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime } from '../../../lib/format';
import { EVENT_TYPES, useDeleteHook, useHooks, type Hook } from '../api/hooks';
import { Deliveries } from './deliveries';

const DISABLED: Record<string, string> = {
  gone: 'Turned off: the endpoint answered 410 Gone.',
  failing: 'Turned off: deliveries kept failing. Retrying one turns it back on.',
};

const eventsOf = (hook: Hook) =>
  hook.events.length === 0 ? 'Every event' : hook.events.map((t) => EVENT_TYPES.find((e) => e.type === t)?.label ?? t).join(', ');

/** The account's subscriptions, each with its delivery log. */
export function HooksList() {
  const hooks = useHooks();
  const remove = useDeleteHook();
  const [target, setTarget] = useState<Hook | null>(null);
  return (
    <QueryView
      query={hooks}
      loading="Loading webhooks…"
      empty={{ title: 'No webhooks yet', text: 'Create one above to receive events as they happen.' }}
    >
      {(data) => (
        <>
          <ul class="list">
            {data.map((hook) => (
              <li key={hook.id} class="list-item list-item-block">
                <div class="list-row">
                  <div class="list-main">
                    <span class="list-title">
                      <code>{hook.url}</code>
                    </span>
                    <span class="list-sub">
                      {eventsOf(hook)} · created {formatDateTime(hook.createdAt)}
                    </span>
                    {hook.status === 'disabled' ? (
                      <span class="field-error">{DISABLED[hook.disabledReason ?? ''] ?? 'Turned off.'}</span>
                    ) : null}
                  </div>
                  <div class="list-meta">
                    <span class={`badge badge-${hook.status}`}>{hook.status === 'active' ? 'Active' : 'Off'}</span>
                    <Button variant="ghost" onClick={() => setTarget(hook)}>
                      Delete<span class="visually-hidden"> webhook {hook.url}</span>
                    </Button>
                  </div>
                </div>
                <details>
                  <summary>Delivery log</summary>
                  <Deliveries hookId={hook.id} />
                </details>
              </li>
            ))}
          </ul>
          <ConfirmDialog
            open={target !== null}
            title="Delete this webhook?"
            confirmLabel="Delete webhook"
            busy={remove.isPending}
            onClose={() => setTarget(null)}
            onConfirm={() => target && remove.mutate(target.id, { onSuccess: () => setTarget(null) })}
          >
            <p>{target?.url} receives nothing more; deliveries not yet made are cancelled. This cannot be undone.</p>
            {remove.error instanceof Error ? <p class="field-error">{remove.error.message}</p> : null}
          </ConfirmDialog>
        </>
      )}
    </QueryView>
  );
}
