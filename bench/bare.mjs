// The baseline: a bare node:http server answering every request with a constant 302.
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
createServer((_req, res) => {
  res.writeHead(302, { location: 'https://example.com/destination', 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}).listen(port, '127.0.0.1');
