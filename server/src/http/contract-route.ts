import type { RouteContract } from '@enclave/protocol';

/**
 * The Fastify side of a protocol route contract: method, url and one schema that drives
 * validation, leak-proof serialization and the OpenAPI document.
 */
export function fromContract<const R extends RouteContract>(contract: R) {
  return {
    method: contract.method,
    url: contract.url,
    schema: {
      summary: contract.summary,
      params: contract.params as R['params'],
      querystring: contract.querystring as R['querystring'],
      body: contract.body as R['body'],
      response: contract.response as R['response'],
    },
  };
}
