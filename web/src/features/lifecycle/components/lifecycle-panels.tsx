import { ApiError } from '../../../lib/api-client';
import { useRepoints, useTarget, type Target } from '../api/lifecycle';
import { ExpiryPanel } from './expiry-panel';
import { PreviewPanel } from './preview-panel';
import { RepointsPanel } from './repoints-panel';
import { UtmBuilder } from './utm-builder';
import '../lifecycle.css';

/**
 * Expiry, scheduled changes, UTM parameters and the social preview of a dynamic code or a link that
 * can still change. A part whose field or route the service does not offer is left out.
 */
export function LifecyclePanels({ target }: { target: Target }) {
  const item = useTarget(target);
  const repoints = useRepoints(target);
  const data = item.data;
  if (!data || data.status === 'archived' || data.mode === 'static') return null;
  const routeMissing = repoints.error instanceof ApiError && repoints.error.status === 404;
  return (
    <div class="stack lifecycle" key={data.id}>
      {'expiresAt' in data ? <ExpiryPanel target={target} item={data} /> : null}
      {routeMissing ? null : <RepointsPanel target={target} />}
      {'utm' in data ? <UtmBuilder target={target} item={data} /> : null}
      {'preview' in data ? <PreviewPanel target={target} item={data} /> : null}
    </div>
  );
}
