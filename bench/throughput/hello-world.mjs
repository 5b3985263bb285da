// The reference for the throughput table: a bare node:http server answering a small JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world', ok: true });
const server = createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
