import { operationRoutes } from '../api/v1/operations.js';
import { OWN_SECURITY, TEAM_SECURITY } from '../operations/security.js';

/** The signed-in person's own security: reachable before the second factor their account requires is set up. */
export const ownSecurityRoutes = operationRoutes(OWN_SECURITY, { beforeTwoFactor: true });

/** The account's two-factor rule and a member's new password link. */
export const teamSecurityRoutes = operationRoutes(TEAM_SECURITY);
