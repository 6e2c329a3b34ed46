import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Compiled on first use instead; the rest some seconds after the server listens, one a turn of the event loop. */
const WARM_AFTER_MS = 10_000;

// biome-ignore lint/suspicious/noExplicitAny: a compiled validator or serializer, called as Fastify calls it.
type Compiled = (...args: any[]) => any;

/**
 * Route schemas compiled when a route is first used, not when the server starts. Fastify compiles every route's
 * validators (Ajv) and response serializers (fast-json-stringify) in its preReady phase, before it listens: some
 * 280 ms of a quiet restart at L, 0.7 s in a profiled one, for routes most of which no one calls in the first
 * seconds. A route's first request now compiles its own (a few ms); the rest are compiled `WARM_AFTER_MS` after
 * the start, so that a schema a compiler refuses is still logged soon after a start, and later first requests do
 * not pay it. What a compiled function does is unchanged: the lazy one forwards its calls and properties (Ajv's
 * `errors` and `schemaEnv`, which Fastify reads) to it.
 */
export class LazySchemas {
  readonly #pending = new Set<() => Compiled>();

  #lazy(compile: () => Compiled): Compiled {
    let compiled: Compiled | undefined;
    const get = () => {
      if (!compiled) {
        compiled = compile();
        this.#pending.delete(get);
      }
      return compiled;
    };
    this.#pending.add(get);
    return new Proxy(function lazySchema() {} as Compiled, {
      apply: (_target, self, args) => Reflect.apply(get(), self, args),
      get: (_target, key) => Reflect.get(get(), key),
      has: (_target, key) => Reflect.has(get(), key),
    });
  }

  /** Fastify's `schemaController` option: its default validators (Ajv, as configured), each compiled when used. */
  schemaController(): NonNullable<FastifyServerOptions['schemaController']> {
    const ajv = AjvCompiler();
    return {
      compilersFactory: {
        buildValidator: ((externalSchemas: never, options: never) => {
          const compile = ajv(externalSchemas, options);
          return (route: never) => this.#lazy(() => compile(route) as Compiled);
        }) as never,
      },
    };
  }

  /** A serializer compiler whose serializers are compiled when first used. */
  serializerCompiler<R>(compile: (route: R) => Compiled): (route: R) => Compiled {
    return (route) => this.#lazy(() => compile(route));
  }

  /** Compiles, once the app is ready and `WARM_AFTER_MS` later, every schema no request has used yet. */
  warmAfterStart(app: FastifyInstance): void {
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const next = () => {
      const [get] = this.#pending;
      if (!get || closed) return;
      try {
        get();
      } catch (err) {
        this.#pending.delete(get);
        app.log.error({ err }, 'a route schema did not compile');
      }
      timer = setTimeout(next, 0).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(next, WARM_AFTER_MS).unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  }
}
