import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint that records what it receives and answers with the statuses it is told. */
export class Receiver {
  readonly received: Received[] = [];
  /** Statuses to answer with, in order; the last one repeats. */
  statuses: number[] = [200];
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0]!;
        if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:1/elsewhere');
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(`answer ${status} ${'x'.repeat(1000)}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/hook`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
