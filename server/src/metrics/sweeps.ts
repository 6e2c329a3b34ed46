import { Counter, Gauge, type Registry } from 'prom-client';

/** Runs, failures and the last run's duration of each background sweep, as `runSweep` reports them. */
export function sweepMetrics(registry: Registry): (sweep: string, seconds: number, failed: boolean) => void {
  const runs = new Counter({
    name: 'enclave_sweep_runs_total',
    help: 'Background sweep runs, by sweep',
    labelNames: ['sweep'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'enclave_sweep_failures_total',
    help: 'Background sweep runs that failed, by sweep',
    labelNames: ['sweep'] as const,
    registers: [registry],
  });
  const lastDuration = new Gauge({
    name: 'enclave_sweep_last_duration_seconds',
    help: 'Duration of the last run of each background sweep',
    labelNames: ['sweep'] as const,
    registers: [registry],
  });
  return (sweep, seconds, failed) => {
    runs.inc({ sweep });
    // Counted from zero at the first run, so a rate over failures exists before the first one.
    failures.inc({ sweep }, failed ? 1 : 0);
    lastDuration.set({ sweep }, seconds);
  };
}
