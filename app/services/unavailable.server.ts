import { isDatabaseUnavailable } from "~/db/client.server";
import { DATABASE_UNAVAILABLE } from "~/domain/messages/site";

import { ServiceUnavailableError } from "./errors.server";

export { DATABASE_UNAVAILABLE };

/**
 * The services with every method's failure passed through `translate` (which returns what to
 * throw instead), whether the method throws at once or its promise rejects.
 */
export function translatingFailures<Services extends object>(
  services: Services,
  translate: (error: unknown, method: string) => unknown,
): Services {
  const wrapped = { ...services } as Record<string, unknown>;
  for (const [name, service] of Object.entries(services)) {
    if (name === "changes" || typeof service !== "object" || service === null) continue;
    const methods = { ...service } as Record<string, unknown>;
    for (const [key, member] of Object.entries(service)) {
      if (typeof member !== "function") continue;
      methods[key] = (...args: unknown[]) => {
        const rethrow = (error: unknown) => {
          throw translate(error, `${name}.${key}`);
        };
        try {
          // Looked up at each call, so a method replaced later (a test's stub) is the one called.
          const current = (service as Record<string, (...a: unknown[]) => unknown>)[key];
          const result: unknown = current.apply(service, args);
          return result instanceof Promise ? result.catch(rethrow) : result;
        } catch (error) {
          return rethrow(error);
        }
      };
    }
    wrapped[name] = methods;
  }
  return wrapped as Services;
}

/**
 * The services as the running server uses them: a call that fails because the database cannot be
 * reached throws a ServiceUnavailableError (503) instead of the driver's error, so no page or API
 * answer says 500 for what is an outage. Every other failure passes through unchanged.
 */
export function answeringUnavailable<Services extends object>(services: Services): Services {
  return translatingFailures(services, (error, method) => {
    if (!isDatabaseUnavailable(error)) return error;
    // The visitor gets the calm answer; the operator gets the cause, with its stack (a network
    // error may also come from the file store or a sign-in provider).
    console.error(`${method}: unavailable:`, error);
    return new ServiceUnavailableError(DATABASE_UNAVAILABLE);
  });
}
