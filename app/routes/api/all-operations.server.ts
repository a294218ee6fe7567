import { journalOperations } from "~/journal/api.server";
import { submissionOperations } from "~/submissions/api.server";

import { type Operation, routesOf } from "../../api/operation.server";
import { academicOperations } from "../../api/operations/academics.server";
import { accountOperations } from "../../api/operations/accounts.server";
import { activityOperations } from "../../api/operations/activity.server";
import { postOperations } from "../../api/operations/posts.server";
import { searchOperations } from "../../api/operations/search.server";
import { siteOperations } from "../../api/operations/site.server";

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
