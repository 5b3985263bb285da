// The reference for the throughput table: a bare node:http server answering a small JSON body.
// `/?spend=<µs>&bytes=<n>` makes it a bare server of a known cost instead: it spends that much CPU
// time on the request (in a loop, read from the process's own CPU clock) and answers a JSON body of
// that many bytes, which shows what p50 and p99 this harness gives any server at that cost.
import { createServer } from 'node:http';

const hello = JSON.stringify({ hello: 'world', ok: true });
const bodies = new Map();

/** A JSON string of `bytes` bytes (at least its two quotes), made once per size. */
function bodyOf(bytes) {
  let body = bodies.get(bytes);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify('x'.repeat(Math.max(0, bytes - 2))));
    bodies.set(bytes, body);
  }
  return body;
}

/** Spends this much of the process's CPU time (user and system). */
function spend(micros) {
  const used = () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  };
  const start = used();
  while (used() - start < micros);
}

const server = createServer((request, response) => {
  const query = request.url.indexOf('?');
  let body = hello;
  if (query !== -1) {
    const params = new URLSearchParams(request.url.slice(query + 1));
    spend(Number(params.get('spend') ?? 0));
    body = bodyOf(Number(params.get('bytes') ?? 0));
  }
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
