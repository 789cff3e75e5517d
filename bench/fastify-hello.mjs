// The start-up baseline: a bare Fastify server answering /healthz, started as qrelay's server is.
import Fastify from 'fastify';

const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
