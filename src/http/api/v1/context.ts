import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config/config.js';
import { actorOf, type Person } from '../../../platform/index.js';
import type { Services } from '../../../services.js';
import { principalOf, type Guard } from '../../guard.js';
import type { Presenters } from '../../presenters.js';

/** What every v1 resource's routes receive. */
export interface ApiContext {
  config: Config;
  services: Services;
  guard: Guard;
  present: Presenters;
}

/** The person acting through a guarded request: the services check what they may do. */
export const actor = (request: FastifyRequest): Person => actorOf(principalOf(request));

/** A resource's routes, typed from their TypeBox schemas. */
export type ApiRoutes = FastifyPluginAsyncTypebox<ApiContext>;
