import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { NotFound } from '../../../../lib/errors.js';
import { principalOf } from '../../../guard.js';
import { assertSomeJobScope, JOB_SCOPES, visibleJob } from '../jobs/scopes.js';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { declareRoutes } from '../route.js';

const BINARY = { schema: { type: 'string', format: 'binary' } };

const FILE_TYPES: Record<string, string> = { csv: 'text/csv; charset=utf-8', zip: 'application/zip' };

const route = declareRoutes(['jobs']);

/** A finished job's file: bytes streamed from JOBS_DIR, not JSON, so it is declared here rather than in the catalog. */
export const jobFileRoutes: ApiRoutes = async (app, { services, guard }) => {
  app.get(
    '/jobs/:id/file',
    route(
      guard({ scope: null, metered: true, oneOf: [...new Set(Object.values(JOB_SCOPES))] }),
      'getJobFile',
      "Download a job's file (addition within v1)",
      {
        description:
          "The file a job made: a bulk job's CSV (`row,id,name,shortCode,url,encode`), or, for a bulk job that failed its check, every error as CSV (`row,field,message`); a print run's ZIP. Needs the scope of the work that made the job; 404 while it has no file.",
        params: IdParams,
        response: responses(
          { 200: Type.Unsafe({ description: 'The file.', content: { 'text/csv': BINARY, 'application/zip': BINARY } }) },
          [404],
        ),
      },
    ),
    async (request, reply) => {
      assertSomeJobScope(principalOf(request));
      const { job, path } = await services.platform.jobs.file(actor(request), request.params.id);
      visibleJob(principalOf(request), job);
      const extension = path.slice(path.lastIndexOf('.') + 1);
      const size = await stat(path).then(
        (s) => s.size,
        () => {
          throw new NotFound('file of this job');
        },
      );
      const what = job.kind === 'export' ? 'print-run' : job.status === 'failed' ? `${job.kind}-errors` : job.kind;
      return reply
        .header('Content-Type', FILE_TYPES[extension] ?? 'application/octet-stream')
        .header('Content-Length', size)
        .header('Content-Disposition', `attachment; filename="qrelay-${what}-${job.id.slice(0, 8)}.${extension}"`)
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(path));
    },
  );
};
