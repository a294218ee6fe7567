import { ServiceError } from "~/services/errors.server";

import type { ApiResult } from "../operation.server";
import * as s from "../schemas";

/** What the operations of every resource answer with. */

export const ok = (body: unknown, status = 200, headers?: Headers): ApiResult => ({ status, body, headers });
export const done = (message: string, status = 200, headers?: Headers) =>
  ok({ success: true, message }, status, headers);
export const refuse = (status: number, message: string): never => {
  throw new ServiceError(message, status);
};

export const pageQuery = {
  startIndex: s.wholeNumberParam("startIndex").optional(),
  limit: s.wholeNumberParam("limit").optional(),
};

export const one = <T>(value: T | undefined | null, message: string): T => value ?? refuse(404, message);

export const message = { description: "Done", schema: s.messageResponse };
