import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Request durations by route pattern (never the raw URL, whose ids would make a series per record). */
export function timeRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'enclave_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
