// The baseline: a bare node:http server answering every request with a constant 302.
//
// Run alone (`node bench/bare.mjs`, on PORT) it is the bare server every share is of. Two more uses
// split the redirect's cost between node:http, qrelay's process and qrelay's own work (ADR 0167):
// - BARE_ANSWER=qrelay: the request's headers read and qrelay's redirect headers written (the fast
//   path's `redirectHeaders` and request id, from dist/), still with no qrelay work and no qrelay process;
// - preloaded into qrelay's server (`node --import ./bench/bare.mjs dist/main.js`, on BARE_PORT): the
//   bare answer from inside qrelay's process, started once qrelay listens on PORT. Only the main thread
//   of the first process listens (cluster workers load the preload too).
import cluster from 'node:cluster';
import { createServer, Server } from 'node:http';
import { isMainThread } from 'node:worker_threads';

const bare = (_req, res) => {
  res.writeHead(302, { location: 'https://example.com/destination', 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
};

async function qrelayAnswer() {
  const { redirectHeaders } = await import('../dist/http/resolver/redirect-headers.js');
  const { newRequestId } = await import('../dist/lib/request-id.js');
  return (req, res) => {
    if (req.headers['user-agent'] === undefined) throw new Error('the benchmark sends a user agent');
    res.writeHead(302, redirectHeaders('https://example.com/destination', newRequestId()));
    res.end();
  };
}

const listen = (port, handler) => createServer(handler).listen(port, '127.0.0.1');

const inside = process.env.BARE_PORT;
if (!inside) {
  listen(Number(process.env.PORT), process.env.BARE_ANSWER === 'qrelay' ? await qrelayAnswer() : bare);
} else if (isMainThread && cluster.isPrimary) {
  const qrelayListens = () =>
    process._getActiveHandles().some((h) => h instanceof Server && h.address()?.port === Number(process.env.PORT));
  const wait = setInterval(() => {
    if (!qrelayListens()) return;
    clearInterval(wait);
    listen(Number(inside), bare);
  }, 50);
}
