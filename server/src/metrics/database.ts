import type { FastifyInstance } from 'fastify';
import type { mongo } from 'mongoose';
import { Histogram, type Registry } from 'prom-client';

/** Database command durations by command name, from the driver's command monitoring (`monitorCommands`). */
export function timeCommands(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'enclave_db_command_duration_seconds',
    help: 'MongoDB command duration by command name and outcome',
    labelNames: ['command', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const observe = (outcome: string) => (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent) =>
    duration.observe({ command: event.commandName, outcome }, event.duration / 1000);
  const client = app.mongo.getClient();
  client.on('commandSucceeded', observe('ok'));
  client.on('commandFailed', observe('failed'));
}
