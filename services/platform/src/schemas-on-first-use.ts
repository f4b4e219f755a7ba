// Route schemas compiled at their first use, not at the service's start (decision 0114). Fastify compiles
// every route's request validators (Ajv) and response serializers (fast-json-stringify) before a service
// answers: about a CPU second of an 11-second system start, paid again by every test file and journey that
// starts a service, and mostly for routes one replica may never serve. Each schema now compiles when its route
// first validates or serializes; `compileSchemasNow` compiles them all at once, so the contracts' build (and
// its drift test, which builds every service) still fails on a schema that cannot compile.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { ValidateFunction } from 'ajv';

interface Deferred {
  /** the route and part, for the message of a schema that does not compile */
  name: string;
  compile: () => unknown;
}

/** The schemas of one app not compiled yet, in the order the routes declared them. */
export class DeferredSchemas {
  private readonly pending: Deferred[] = [];

  /**
   * A validator that compiles at its first call. Fastify hands an Ajv function the request as the parent of
   * the part it validates (`schemaEnv`), so a default can fill a missing part; the wrapper says it is one and
   * passes that on. Its `errors` are those of its last call, as Ajv's are.
   */
  validator(name: string, compile: () => ValidateFunction): ValidateFunction {
    let compiled: ValidateFunction | undefined;
    const ensure = () => {
      compiled ??= compile();
      return compiled;
    };
    this.pending.push({ name, compile: ensure });
    const validate = ((data: unknown, context?: Parameters<ValidateFunction>[1]) =>
      ensure()(data, context)) as ValidateFunction;
    Object.defineProperties(validate, {
      errors: { get: () => compiled?.errors ?? null },
      schemaEnv: { value: true },
    });
    return validate;
  }

  /** Fastify's own fast-json-stringify compiler, each route's serializer built at its first response. */
  serializers(): ReturnType<typeof SerializerSelector> {
    const fastJsonStringify = SerializerSelector();
    return (externalSchemas, options) => {
      const build = fastJsonStringify(externalSchemas, options);
      return (route) => {
        let compiled: ((document: unknown) => string) | undefined;
        const ensure = () => {
          compiled ??= build(route);
          return compiled;
        };
        this.pending.push({
          name: `${route.method} ${route.url} response ${route.httpStatus}`,
          compile: ensure,
        });
        return (document: unknown) => ensure()(document);
      };
    };
  }

  /** Compiles every schema still waiting; throws naming the route of the first that does not compile. */
  compileNow(): void {
    for (const { name, compile } of this.pending.splice(0)) {
      try {
        compile();
      } catch (error) {
        throw new Error(`The schema of ${name} does not compile: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  }
}

/** Each app's deferred schemas (the app factory's), for `compileSchemasNow`. */
export const schemasOfApp = new WeakMap<object, DeferredSchemas>();

/** Compiles every schema of an app made by the app factory that has not compiled yet. */
export function compileSchemasNow(app: object): void {
  schemasOfApp.get(app)?.compileNow();
}
