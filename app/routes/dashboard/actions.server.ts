import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import { fieldErrors } from "~/lib/forms/errors";
import { z } from "~/lib/zod";
import type { SessionUser } from "~/services/accounts.server";
import { ServiceError } from "~/services/errors.server";

import type { ActionResult } from "./tab";

export type TabLoadArgs = { request: Request; url: URL; user: SessionUser };
export type ActionArgs = { request: Request; form: FormData; user: SessionUser };
export type ActionAnswer = DataWithResponseInit<ActionResult> | Response;

type Reply = (
  ok: boolean,
  message: string,
  init?: { status?: number; headers?: Headers; extra?: Partial<ActionResult> },
) => DataWithResponseInit<ActionResult>;

/**
 * A named dashboard action: the form's `intent` it answers travels with it. `reads`: it changes
 * nothing (it only chooses what the form shows), so the activity log leaves it out.
 */
export type DashboardAction = ((args: ActionArgs) => Promise<ActionAnswer>) & { intent: string; reads?: boolean };

/** The server half of a tab: its data for the page, and its actions by intent. */
export type TabServer<Data = unknown> = {
  load(args: TabLoadArgs): Promise<Data>;
  actions: Record<string, DashboardAction>;
  /** The 403 message for a non-admin on an admin tab, when the tab has SPEC.md words of its own. */
  deniedMessage?: string;
};

/** How an action's failures are worded: SPEC.md's words where it has them. */
export type Failures = {
  /** An unexpected failure, answered 500. */
  failed: string;
  /** A form the schema refused (default: its first problem). */
  invalid?: string;
  /** A refusal from a service (default: the service's own message). */
  refused?: (message: string) => string;
};

/** The answer shape every tab reads: ok, the form-level message, and the status as today. */
export function replyFor(intent: string): Reply {
  return (ok, message, init = {}) =>
    data<ActionResult>(
      { intent, ok, message, ...init.extra },
      { status: init.status ?? (ok ? 200 : 400), headers: init.headers },
    );
}

function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Makes a named action out of `fn` and takes over what every action would repeat:
 * - a zod failure (`schema.parse` throwing) becomes a 400 with field errors and one message;
 * - a ServiceError becomes `{ ok: false, message }` with its status;
 * - the 503 "unavailable" refusal and every thrown Response (sign-in redirects, 403s) pass through,
 *   so the visitor gets the same calm page as anywhere else;
 * - anything else is logged with its stack and answered 500 with the tab's SPEC.md words.
 */
export function runAction(
  intent: string,
  failures: Failures,
  fn: (args: ActionArgs & { reply: Reply }) => Promise<ActionAnswer>,
  options: { reads?: boolean } = {},
): DashboardAction {
  const reply = replyFor(intent);
  const action = async (args: ActionArgs) => {
    try {
      return await fn({ ...args, reply });
    } catch (error) {
      if (error instanceof Response || isDataWithInit(error)) throw error;
      if (error instanceof z.ZodError) {
        const message = failures.invalid ?? error.issues[0]?.message ?? "Invalid input";
        return reply(false, message, { extra: { errors: fieldErrors(error) } });
      }
      if (error instanceof ServiceError) {
        if (error.status === 503) throw data({ message: error.message }, { status: 503 });
        const message = (failures.refused ?? ((m) => m))(error.message);
        return reply(false, message, { status: error.status, headers: error.headers });
      }
      console.error(`dashboard ${intent}:`, error);
      return reply(false, failures.failed, { status: 500 });
    }
  };
  return Object.assign(action, { intent, ...(options.reads ? { reads: true } : {}) });
}

/** A tab's actions map, keyed by the intent each one answers. */
export function byIntent(...actions: DashboardAction[]): Record<string, DashboardAction> {
  return Object.fromEntries(actions.map((action) => [action.intent, action]));
}
