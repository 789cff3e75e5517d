import type { FastifyPluginAsync } from 'fastify';
import { Fragment } from 'preact';
import { Layout, renderDocument } from './html/index.js';

const CODES: [string, number, string][] = [
  ['invalid_request', 400, 'The request is malformed or asks for something impossible; the message names the field.'],
  ['unauthorized', 401, 'No token, or an unknown, revoked or expired one, or one of a suspended company. All look the same.'],
  ['quota_exceeded', 402, 'The monthly allowance is spent. It resets at 00:00 UTC on the 1st, or with a change of plan.'],
  ['plan_required', 402, 'The plan does not include this endpoint.'],
  ['forbidden', 403, 'The token is valid but lacks the scope, or the action is never allowed through the API.'],
  ['not_found', 404, 'No such object, or it belongs to another account.'],
  ['rate_limited', 429, 'Too many requests this minute. Wait Retry-After seconds.'],
  ['internal_error', 500, 'Something unexpected failed on the server; quote the request id in the message.'],
];

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}' +
  'dt{font-weight:600;margin-top:1rem}code{background:#f3f3f3;padding:0 .2em}';

/** Fixed text: rendered once. */
const PAGE = renderDocument(
  <Layout title="qrelay API errors" style={STYLE}>
    <h1>qrelay API errors</h1>
    <p>
      Every failure has the body <code>{'{ "error": { "code", "message", "docs" } }'}</code>. Match on <code>code</code>, never on
      the message.
    </p>
    <dl>
      {CODES.map(([code, status, text]) => (
        <Fragment key={code}>
          <dt id={code}>
            <code>{code}</code> ({status})
          </dt>
          <dd>{text}</dd>
        </Fragment>
      ))}
    </dl>
  </Layout>,
);

/** The page each error's `docs` address points to. */
export const errorDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
};
