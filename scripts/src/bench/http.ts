import autocannon from 'autocannon';

export interface HttpFigure {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** Responses received within the run. */
  completed: number;
}

const DURATION_S = 5;
const CONNECTIONS = 20;

/** 20 connections for 5 s; with `cookies`, each request goes as the next member in turn (20 members, 20 connections). */
export async function loadTest(url: string, cookies: string[] = []): Promise<HttpFigure> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          const cookie = cookies[next++ % cookies.length];
          return cookie ? { ...request, headers: { ...request.headers, cookie } } : request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    completed: result.requests.total,
  };
}

/** The run of median throughput among several of one route (an odd number of them). */
export const medianRun = (runs: HttpFigure[]): HttpFigure =>
  [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)] as HttpFigure;
