import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../../config/config.js';
import type { Services } from '../../../services.js';
import type { Guard } from '../../guard.js';

/** What every v1 resource's routes receive. */
export interface ApiContext {
  config: Config;
  services: Services;
  guard: Guard;
}

/** A resource's routes, typed from their TypeBox schemas. */
export type ApiRoutes = FastifyPluginAsyncTypebox<ApiContext>;
