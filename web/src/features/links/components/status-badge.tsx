import type { LinkStatus } from '../api/links';

const LABEL: Record<LinkStatus, string> = { active: 'Active', paused: 'Paused', archived: 'Archived' };

export const LinkStatusBadge = ({ status }: { status: LinkStatus }) => (
  <span class={`badge badge-${status}`}>{LABEL[status]}</span>
);
