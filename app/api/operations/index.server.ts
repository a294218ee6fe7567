import { journalOperations } from "~/journal/api.server";
import { submissionOperations } from "~/submissions/api.server";

import { type Operation, routesOf } from "../operation.server";
import { academicOperations } from "./academics.server";
import { accountOperations } from "./accounts.server";
import { activityOperations } from "./activity.server";
import { postOperations } from "./posts.server";
import { searchOperations } from "./search.server";
import { siteOperations } from "./site.server";

/**
 * Every call of SPEC.md section 7, as data: the dispatcher routes and checks by it, the OpenAPI
 * document is generated from it, and the contract, authorisation and fuzz tests walk it. Each
 * handler only translates between the API's shapes and the domain services, which hold the rules.
 * One module per resource.
 */
export const operations: Operation[] = [
  ...accountOperations,
  ...postOperations,
  ...journalOperations,
  ...academicOperations,
  ...siteOperations,
  ...activityOperations,
  ...searchOperations,
  ...submissionOperations,
];

/** Every operation at each of its paths. */
export const routes = routesOf(operations);
