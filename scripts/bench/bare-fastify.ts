/**
 * The ceiling the poll is compared with: a Fastify process with one route and no database, started
 * by the bench as a child (`tsx scripts/bench/bare-fastify.ts <port>`), so it pays the same process
 * and HTTP costs as the API process and nothing else.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
