/** Identity: accounts, people, sign-in and sessions, password resets, API tokens and first-run set-up. Its one door: other contexts and the surfaces import only this file. */
export * from './build.js';
export * from './account-lookup.js';
export * from './accounts.service.js';
export * from './accounts.types.js';
export * from './auth.errors.js';
export * from './auth.mails.js';
export * from './auth.types.js';
export * from './passwords.service.js';
export * from './passwords.js';
export * from './recent-principals.js';
export * from './sessions.service.js';
export * from './setup.service.js';
export * from './tokens.service.js';
export * from './tokens.types.js';
export * from './users.service.js';
export * from './users.types.js';
