import type { FastifyInstance } from 'fastify';

/**
 * With per-request lines off (the default below LOG_LEVEL=debug), a request still gets one line when
 * it failed on our side (any 5xx, at error) or took longer than `slowMs` (at warn). The error
 * handler logs the failure itself beside it. With them on, Fastify's own two lines per request say it.
 */
export function registerRequestLogs(app: FastifyInstance, { all, slowMs }: { all: boolean; slowMs: number }): void {
  if (all) return;
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    if (reply.statusCode >= 500) {
      request.log.error({ req: request, res: reply, responseTime }, 'request completed');
    } else if (responseTime > slowMs) {
      request.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    }
    done();
  });
}
