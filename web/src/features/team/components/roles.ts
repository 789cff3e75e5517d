/** What each role that can be given may do (docs/roles.md); each may do all the one before it may. */
export const ROLE_CHOICES = [
  {
    role: 'member',
    label: 'Member',
    can: 'Sees codes, links, folders, templates, analytics and the team; manages webhooks; read-only API tokens.',
  },
  {
    role: 'editor',
    label: 'Editor',
    can: 'Also creates, repoints, pauses and archives codes and links; manages folders, templates and alert rules.',
  },
  {
    role: 'admin',
    label: 'Admin',
    can: 'Also invites people, changes their roles, suspends and reactivates them (never an owner).',
  },
] as const;

export type AssignableRole = (typeof ROLE_CHOICES)[number]['role'];
