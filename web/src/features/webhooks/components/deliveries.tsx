import { Button } from '../../../components/ui/button';
import { ErrorMessage, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useRetryDelivery, type Delivery } from '../api/hooks';

const outcome = (d: Delivery): string => {
  if (d.status === 'pending') return d.nextAttemptAt ? `Next attempt ${formatDateTime(d.nextAttemptAt)}` : 'Due';
  if (d.lastStatus !== null) return `HTTP ${d.lastStatus}`;
  return d.lastError ?? '';
};

/** A subscription's recent deliveries with their outcome; a failed or cancelled one can be sent again. */
export function Deliveries({ hookId }: { hookId: string }) {
  const deliveries = useDeliveries(hookId);
  const retry = useRetryDelivery();
  if (deliveries.isPending) return <Loading label="Loading deliveries…" />;
  if (deliveries.isError) return <ErrorMessage error={deliveries.error} retry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <p class="muted">No deliveries yet: they appear here as events happen.</p>;
  return (
    <>
      {retry.error ? <ErrorMessage error={retry.error} /> : null}
      {/* Wider than a phone: the table scrolls sideways in its own box, which takes focus to be scrolled by keys. */}
      <div class="table-wrap deliveries" tabIndex={0} role="region" aria-label="Recent deliveries, newest first">
        <table class="figures">
          <caption class="visually-hidden">Recent deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col" class="num">
                Attempts
              </th>
              <th scope="col">Outcome</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((d) => (
              <tr key={d.id}>
                <th scope="row">{d.eventType}</th>
                <td>{formatDateTime(d.createdAt)}</td>
                <td>
                  <span class={`badge badge-${d.status}`}>{d.status}</span>
                </td>
                <td class="num">{d.attempts}</td>
                <td>{outcome(d)}</td>
                <td>
                  {d.status === 'failed' || d.status === 'cancelled' ? (
                    <Button variant="ghost" busy={retry.isPending} onClick={() => retry.mutate({ id: hookId, deliveryId: d.id })}>
                      Retry<span class="visually-hidden"> {d.eventType} delivery</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
