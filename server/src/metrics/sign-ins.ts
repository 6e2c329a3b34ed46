import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';

/**
 * Sign-ins and their failures, step-ups and factor changes, from the domain events: what an operator watches for a
 * guessing attack (failures climbing, by step) or a wave of factor removals.
 */
export function countSignIns(app: FastifyInstance, registry: Registry): void {
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const signIns = counter('enclave_sign_ins_total', 'Sessions opened, by how (password, passkey, password+app…)', [
    'method',
  ]);
  const failures = counter(
    'enclave_sign_in_failures_total',
    'Refused sign-in steps on an existing account: a wrong password, or a wrong second step or step-up',
    ['step'],
  );
  const stepUps = counter('enclave_step_ups_total', 'Step-ups accepted, by what proved it', ['via']);
  const factors = counter('enclave_factor_changes_total', 'Second factors added and removed, by kind', [
    'kind',
    'change',
  ]);
  app.events.on('session.started', ({ via }) => signIns.inc({ method: via }));
  app.events.on('signIn.failed', () => failures.inc({ step: 'password' }));
  app.events.on('secondStep.failed', () => failures.inc({ step: 'second' }));
  app.events.on('steppedUp', ({ via }) => stepUps.inc({ via }));
  app.events.on('factor.added', ({ kind }) => factors.inc({ kind, change: 'added' }));
  app.events.on('factor.removed', ({ kind }) => factors.inc({ kind, change: 'removed' }));
}
