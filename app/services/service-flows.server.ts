import type { Effect } from "./content-changes.server";

/**
 * A flow module: plain functions whose first argument is its service's context, and the table of
 * those that are the service's methods (`effectTable`), by what each does to stored content.
 */
type Flow = { SERVICE_METHODS: Record<string, Effect> };

/** The names a flow's table gives (none for no flow). */
type Named<M> = M extends Flow ? keyof M["SERVICE_METHODS"] : never;

/** The functions a flow's table names (one it does not have is refused by `Checked`). */
type NamedFunctions<M> = M extends Flow ? Pick<M, Named<M> & keyof M> : never;

/** Each name in a flow's table is one of its functions. */
type Checked<M extends Flow> = M & Record<Named<M>, (context: never, ...args: never[]) => unknown>;

/** The names two of the flows both give. */
type GivenTwice<F extends readonly Flow[]> = {
  [I in keyof F]: Named<F[I]> & Named<Exclude<F[number], F[I]>>;
}[number];

/** The flows as given, each checked, with no name given twice. */
type CheckedFlows<F extends readonly Flow[]> = { [I in keyof F]: Checked<F[I]> } & ([GivenTwice<F>] extends [never]
  ? unknown
  : { givenTwice: GivenTwice<F> });

/** A union of object types as one object type with all their members. */
type Together<U> = (U extends unknown ? (part: U) => void : never) extends (all: infer I) => void ? I : never;

/** A flow's function with its context given: what a service's method is. */
type Bound<F> = F extends (context: never, ...args: infer A) => infer R ? (...args: A) => R : never;

type ContextOf<F> = F extends (context: infer C, ...args: never[]) => unknown ? C : never;

/** What a flow's functions take first. */
type FlowContext<M> = M extends Flow ? ContextOf<NamedFunctions<M>[keyof NamedFunctions<M>]> : never;

/** A flow's methods as its service has them. */
type MethodsOf<M> = M extends Flow ? { [K in keyof NamedFunctions<M>]: Bound<NamedFunctions<M>[K]> } : never;

/**
 * The flows of one service, each naming its own methods in its `SERVICE_METHODS`: `methods` binds
 * those functions to the service's context, and `effects` is the union of their tables, so each
 * method and its effect are declared once, in its flow. A name no function of its flow has, or
 * that two flows give, fails the typecheck.
 */
export function serviceFlows<const F extends readonly Flow[]>(...flows: CheckedFlows<F>) {
  const all: readonly Flow[] = flows;
  return {
    effects: Object.assign({}, ...all.map((flow) => flow.SERVICE_METHODS)) as Together<F[number]["SERVICE_METHODS"]>,
    methods(context: Together<FlowContext<F[number]>>): Together<MethodsOf<F[number]>> {
      const methods: Record<string, unknown> = {};
      for (const flow of all) {
        const functions = flow as unknown as Record<string, (context: unknown, ...args: unknown[]) => unknown>;
        for (const name of Object.keys(flow.SERVICE_METHODS)) {
          const named = functions[name];
          methods[name] = (...args: unknown[]) => named(context, ...args);
        }
      }
      return methods as Together<MethodsOf<F[number]>>;
    },
  };
}
