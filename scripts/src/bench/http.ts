import autocannon from 'autocannon';

export interface HttpFigure {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

const DURATION_S = 5;
const CONNECTIONS = 20;

export async function loadTest(url: string): Promise<HttpFigure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}
