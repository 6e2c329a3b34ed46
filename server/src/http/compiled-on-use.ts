import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';

/**
 * Each route's validators and serializers are compiled when the route is first asked, not at the start: compiling
 * all of them (ajv and fast-json-stringify, for every route) was 470 ms of the 1.6 s before a restarted server at L
 * answered (issue #26: every route within 2 s of the start). One route's compile costs its first request a few ms.
 */
export function onFirstUse<A extends unknown[], R>(compile: () => (...args: A) => R): (...args: A) => R {
  let compiled: ((...args: A) => R) | undefined;
  return (...args) => {
    compiled ??= compile();
    return compiled(...args);
  };
}

// Fastify passes ajv the part's parent as a second argument (for coercing a root value): forwarded as given.
type Validate = ((data: unknown, parent?: unknown) => boolean) & { errors?: unknown };

/** Fastify's own ajv validators, each compiled at its first use; Fastify reads a failure's `errors` off the function. */
export function validatorsCompiledOnUse(build: ValidatorFactory = AjvCompiler()): ValidatorFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return ((route: Parameters<typeof compile>[0]) => {
      let compiled: Validate | undefined;
      const validate: Validate = (data, parent) => {
        compiled ??= compile(route) as unknown as Validate;
        const valid = compiled(data, parent);
        validate.errors = compiled.errors;
        return valid;
      };
      return validate;
    }) as unknown as ReturnType<ValidatorFactory>;
  };
}
