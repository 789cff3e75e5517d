/** The roles of a person in an account, from least to most (docs/roles.md). */
export const ROLES = ['member', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];
