import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (malformed addresses, oversized headers) over a new connection and
 * reads the answer until the server closes it (every request asks for Connection: close).
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split < 0 ? '' : text.slice(split + 4) });
    });
    // Written without ending our side: a server closes a half-closed connection before a slow answer.
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(request);
  });
}

/** A request line and headers (Connection: close added), with an optional body. */
export function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET', body = ''): string {
  const all = {
    host: 'qrelay.test',
    connection: 'close',
    ...headers,
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
}
