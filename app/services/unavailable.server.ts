import { data } from "react-router";

import { isDatabaseUnavailable } from "~/db/client.server";

import type { Services } from "./index.server";

export const DATABASE_UNAVAILABLE = "The site is briefly unavailable. Please try again in a moment.";

/** The refusal a lost database turns into: the pages show it as a calm 503, the JSON API as a JSON 503. */
export function databaseUnavailable() {
  return data({ message: DATABASE_UNAVAILABLE }, { status: 503 });
}

/**
 * The services as the running server uses them: a call that fails because the database cannot be
 * reached throws a 503 refusal instead of the driver's error, so no page or API answer says 500
 * for what is an outage. Every other failure passes through unchanged.
 */
export function answeringUnavailable(services: Services): Services {
  const wrapped = { ...services } as Record<string, unknown>;
  for (const [name, service] of Object.entries(services)) {
    if (name === "changes" || typeof service !== "object" || service === null) continue;
    const methods = { ...service } as Record<string, unknown>;
    for (const [key, member] of Object.entries(service)) {
      if (typeof member !== "function") continue;
      methods[key] = (...args: unknown[]) => {
        const translate = (error: unknown) => {
          if (!isDatabaseUnavailable(error)) throw error;
          // The visitor gets the calm page; the operator gets the cause (a network error may also
          // come from the file store or a sign-in provider).
          console.error(`${name}.${key}: unavailable: ${(error as Error).message ?? error}`);
          throw databaseUnavailable();
        };
        try {
          const result: unknown = member.apply(service, args);
          return result instanceof Promise ? result.catch(translate) : result;
        } catch (error) {
          return translate(error);
        }
      };
    }
    wrapped[name] = methods;
  }
  return wrapped as Services;
}
