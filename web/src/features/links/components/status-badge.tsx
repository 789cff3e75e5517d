import type { LinkStatus } from '../api/links';

const LABEL: Record<LinkStatus, string> = { active: 'Active', paused: 'Paused', archived: 'Archived' };

/** The link's status; an active or paused link past its end says "Expired" beside it. */
export const LinkStatusBadge = ({ status, expired = false }: { status: LinkStatus; expired?: boolean | undefined }) => (
  <>
    <span class={`badge badge-${status}`}>{LABEL[status]}</span>
    {expired && status !== 'archived' ? <span class="badge badge-expired">Expired</span> : null}
  </>
);
