/** The platform every context stands on: the authorization kernel (the Actor, roles, scopes), the cross-instance bus, counters and rate limits, plans, outbound mail, and the seam hits are recorded through. Its one door: other contexts and the surfaces import only this file. */
export * from './build.js';
export * from './authz/content-reads.js';
export * from './authz/role.js';
export * from './authz/roles.policy.js';
export * from './authz/scopes.js';
export * from './bus/invalidation-bus.ipc.js';
export * from './bus/invalidation-bus.redis.js';
export * from './bus/invalidation-bus.js';
export * from './jobs/job-files.js';
export * from './jobs/job-ids.js';
export * from './jobs/job-runner.js';
export * from './jobs/jobs.service.js';
export * from './jobs/jobs.types.js';
export * from './limits/anonymous-limiter.js';
export * from './limits/counter-store.fallback.js';
export * from './limits/counter-store.redis.js';
export * from './limits/counter-store.js';
export * from './limits/limits.service.js';
export * from './mail/mail.service.js';
export * from './mail/mail.smtp.js';
export * from './mail/mail.types.js';
export * from './plans/plans.js';
export * from './recording/classifier.js';
export * from './recording/hit-recorder.js';
export * from './recording/hit.js';
/** The counters kept in the store when Redis is not configured: the infrastructure chooses it. */
export { SqlCounterStore } from './limits/store/counter-store.sql.js';
export { JobsRepository } from './jobs/store/jobs.repository.js';
