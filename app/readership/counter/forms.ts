import { z } from "~/lib/zod";

/**
 * The admin's forms for the COUNTER API's keys (issue 35), shared by the panel and its actions.
 * A customer ID may be left blank: the server makes one.
 */
export const ISSUE_COUNTER_KEY = "issue-counter-key";
export const REVOKE_COUNTER_KEY = "revoke-counter-key";

export const issueCounterKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name who holds the key (an institution or a harvester).")
    .max(200, "The name is too long (200 characters at most)."),
  customerId: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]{2,64})?$/, "A customer ID is 2 to 64 letters, digits, dots, dashes or underscores.")
    .default(""),
});

export const COUNTER_KEY_ISSUED = "Key issued. Copy it now: it is shown only this once.";
export const COUNTER_KEY_REVOKED = "Key revoked: requests with it are refused from now on.";
