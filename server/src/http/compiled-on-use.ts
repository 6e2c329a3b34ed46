import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';

/**
 * Each route's validators and serializers are compiled off the start's path: compiling all of them (ajv and
 * fast-json-stringify, for every route) before listening was 470 ms of the 1.6 s before a restarted server at L
 * answered (issue #26: every route within 2 s of the start). They are compiled a few at a time once the start's first
 * reads are answered (`WARM_AFTER_MS` after listening), and a route asked before that compiles its own at its first
 * request (a few ms).
 */
const WARM_AFTER_MS = 2000;
/** About 5 ms of compiling per turn of the event loop, so requests in between wait no longer than that. */
const PER_TURN = 4;

export class CompiledOnUse {
  readonly #pending = new Set<() => void>();

  /** `compile`'s function, compiled at its first call or by `warmAfterListening`, whichever comes first. */
  wrap<A extends unknown[], R>(compile: () => (...args: A) => R): (...args: A) => R {
    let compiled: ((...args: A) => R) | undefined;
    const compileNow = () => {
      compiled ??= compile();
      this.#pending.delete(compileNow);
      return compiled;
    };
    this.#pending.add(compileNow);
    return (...args) => (compiled ?? compileNow())(...args);
  }

  /** Fastify's own ajv validators, wrapped; Fastify reads a failure's `errors` off the function it was given. */
  validators(build: ValidatorFactory = AjvCompiler()): ValidatorFactory {
    // Fastify passes ajv the part's parent as a second argument (for coercing a root value): forwarded as given.
    type Validate = ((data: unknown, parent?: unknown) => boolean) & { errors?: unknown };
    return (externalSchemas, options) => {
      const compile = build(externalSchemas, options);
      return ((route: Parameters<typeof compile>[0]) => {
        let ajv: Validate | undefined;
        const compiled = this.wrap(() => {
          ajv = compile(route) as unknown as Validate;
          return ajv;
        });
        const validate: Validate = (data, parent) => {
          const valid = compiled(data, parent);
          validate.errors = ajv?.errors;
          return valid;
        };
        return validate;
      }) as unknown as ReturnType<ValidatorFactory>;
    };
  }

  /** Compiles what no request has yet, a few a turn, from `WARM_AFTER_MS` on; stops when the app closes. */
  warmAfterListening(closing: () => boolean): void {
    const turn = () => {
      if (closing()) return;
      for (const compile of [...this.#pending].slice(0, PER_TURN)) compile();
      if (this.#pending.size > 0) setImmediate(turn);
    };
    setTimeout(turn, WARM_AFTER_MS).unref();
  }
}
