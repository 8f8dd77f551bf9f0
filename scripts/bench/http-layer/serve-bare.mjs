// node:http alone, the floor: the same 404 JSON with no CORS, no logging.
import { createServer } from 'node:http';
const server = createServer((req, res) => {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: `There is no call ${req.url}` }));
}).listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'cpu') process.send({ cpu: process.cpuUsage() });
});
