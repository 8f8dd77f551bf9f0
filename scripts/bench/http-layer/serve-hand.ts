// The order API's hand-written HTTP layer (server/app/request-handler.ts) answering a path it does not have (404): CORS, routing, JSON, one log line.
import { createServer } from 'node:http';
import { createWriteStream } from 'node:fs';
import { createRequestHandler } from '../../../server/app/request-handler.ts';
import { createLogger } from '../../../server/logger.ts';
const sink = createWriteStream('/dev/null');
const ctx = { log: createLogger('info', (line) => sink.write(line)) } as never;
const handler = createRequestHandler(ctx, {
  corsOrigins: ['https://shop.example'],
  trustProxy: false,
  clientIpv6PrefixLength: 64,
  requestLimit: { max: 1e9, windowMs: 60_000 },
  maxBodyBytes: 1 << 20,
});
const server = createServer(handler).listen(0, () => process.send!({ port: (server.address() as { port: number }).port }));
process.on('message', (m) => {
  if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
});
