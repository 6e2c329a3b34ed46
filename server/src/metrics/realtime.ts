import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';

/** Open sockets, and every event sent to one, by name: watched on each socket, so room and direct emits alike. */
export function countSocketEvents(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'enclave_sockets_open',
    help: 'Socket.IO sockets connected to this process',
    registers: [registry],
    collect() {
      this.set(app.io.of('/').sockets.size);
    },
  });
  const sent = new Counter({
    name: 'enclave_socket_events_sent_total',
    help: 'Socket.IO events sent, by event name (one per receiving socket)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  // A middleware, not a connection listener: it runs before the connection's first event (session:ready) is sent.
  app.addHook('onReady', async () => {
    app.io.use((socket, next) => {
      socket.onAnyOutgoing((event: string) => sent.inc({ event }));
      next();
    });
  });
}
