import type { Operation } from "../../api/operation.server";
import { routes } from "./all-operations.server";

/**
 * Every operation once for each path it answers at, an alias as an operation of its own (its
 * operationId in the document): for the modules that walk every address, as before aliases.
 * The operations themselves live in ./operations/.
 */
export const operations: Operation[] = routes.map(({ operation, path, operationId }) => ({
  ...operation,
  path,
  operationId,
  aliases: undefined,
}));
