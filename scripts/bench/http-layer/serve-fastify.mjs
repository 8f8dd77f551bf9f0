// Fastify 5 with @fastify/cors and its logger (pino, to /dev/null) answering the same 404 with { message }.
// Fastify is not a dependency of the project: FASTIFY_DIR names a scratch folder where
// `npm install fastify@5 @fastify/cors` was run.
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.env.FASTIFY_DIR ?? '.', 'package.json'));
const Fastify = require('fastify');
const cors = require('@fastify/cors');
const app = Fastify({ logger: { level: 'info', stream: createWriteStream('/dev/null') }, bodyLimit: 1 << 20 });
await app.register(cors, { origin: ['https://shop.example'] });
app.setNotFoundHandler((req, reply) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ message: `There is no call ${req.url}` }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });
process.on('message', (m) => {
  if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
});
