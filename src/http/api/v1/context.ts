import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../../config/config.js';
import type { Services } from '../../../services.js';
import type { Guard } from '../../guard.js';

/** What every v1 resource's routes receive. */
export interface ApiContext {
  config: Config;
  services: Services;
  guard: Guard;
}

export type ApiRoutes = FastifyPluginAsync<ApiContext>;
