import type { CodeStatus } from '../api/get-codes';

const LABEL: Record<CodeStatus, string> = { active: 'Active', paused: 'Paused', archived: 'Archived' };

export const StatusBadge = ({ status }: { status: CodeStatus }) => <span class={`badge badge-${status}`}>{LABEL[status]}</span>;
