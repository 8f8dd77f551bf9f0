// Usage (from the repository): node scripts/bench/http-layer/http-layer-cost.mjs scripts/bench/http-layer/serve-hand.ts 20000 16
// serve-fastify.mjs needs fastify and @fastify/cors, which the project does not depend on: install them in a scratch folder and set FASTIFY_DIR to it.
// Starts a server process, sends N GET requests (C at a time, keep-alive) from this process, and prints the server's CPU per request.
import { fork } from 'node:child_process';
const [, , script, N = '20000', C = '16'] = process.argv;
const child = fork(script, [], { execArgv: script.endsWith('.ts') ? ['--import', 'tsx'] : [], cwd: process.cwd() });
const next = () => new Promise((resolve) => child.once('message', resolve));
const { port } = await next();
const url = `http://127.0.0.1:${port}/v1/hello`;
const hit = async () => {
  const r = await fetch(url, { headers: { origin: 'https://shop.example' } });
  await r.text();
  if (r.status !== 404) throw new Error(String(r.status));
};
for (let i = 0; i < 2000; i++) await hit(); // warm up
child.send('cpu');
const before = (await next()).cpu;
const started = performance.now();
let left = Number(N);
await Promise.all(
  Array.from({ length: Number(C) }, async () => {
    while (left-- > 0) await hit();
  }),
);
const wall = performance.now() - started;
child.send('cpu');
const after = (await next()).cpu;
const cpuUs = after.user - before.user + after.system - before.system;
console.log(
  JSON.stringify({
    script: script.split('/').pop(),
    requests: Number(N),
    serverCpuUsPerRequest: +(cpuUs / Number(N)).toFixed(1),
    requestsPerSecond: Math.round(Number(N) / (wall / 1000)),
  }),
);
child.kill();
