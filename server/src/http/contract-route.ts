import type { RouteContract } from '@enclave/protocol';
import type { FastifyRequest } from 'fastify';

async function emptyBodyWhenAbsent(request: FastifyRequest) {
  request.body ??= {};
}

/**
 * The Fastify side of a protocol route contract: method, url and one schema that drives
 * validation, leak-proof serialization and the OpenAPI document. A call whose body is optional
 * is validated as `{}` when it comes without one.
 */
export function fromContract<const R extends RouteContract>(contract: R) {
  const { summary, params, querystring, body, response } = contract;
  // Absent parts stay absent: Fastify warns about schema keys that are present but undefined.
  const schema = Object.fromEntries(
    Object.entries({ summary, params, querystring, body, response }).filter(([, part]) => part !== undefined),
  ) as {
    summary?: string;
    params: R['params'];
    querystring: R['querystring'];
    body: R['body'];
    response: R['response'];
  };
  const route = { method: contract.method, url: contract.url, schema };
  return contract.bodyOptional ? { ...route, preValidation: emptyBodyWhenAbsent } : route;
}
