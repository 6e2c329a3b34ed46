import { rooms } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/server.ts';

/** The report queue lives in every staff member's console: a new report and each resolution go to `staff`. */
export function dispatchReportEvents(app: FastifyInstance, io: RealtimeServer) {
  app.events.on('report.queued', ({ report }) => {
    io.to(rooms.staff).emit('report:queued', { report });
  });
  app.events.on('report.resolved', ({ reportId, status }) => {
    io.to(rooms.staff).emit('report:resolved', { reportId, status });
  });
}
