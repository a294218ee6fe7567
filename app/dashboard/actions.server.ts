import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import type { SessionUser } from "~/accounts/accounts.server";
import type { Area } from "~/domain/roles";
import type { ActivityScope } from "~/services/activity.server";
import {
  answerForm,
  formAnswer,
  type FormSpec,
  type FormValues,
  type FormWords,
  type FormWork,
} from "~/web/form-action.server";

import type { ActionResult } from "./tab";

export type TabLoadArgs = { request: Request; url: URL; user: SessionUser };
/** `activity`: the log's entry the dashboard opened for this intent (none for a read). */
export type ActionArgs = { request: Request; form: FormData; user: SessionUser; activity?: ActivityScope | null };
export type ActionAnswer = DataWithResponseInit<ActionResult> | Response;

type Reply = (
  ok: boolean,
  message: string,
  init?: { status?: number; headers?: Headers; extra?: Partial<Omit<ActionResult, "ok" | "message" | "intent">> },
) => DataWithResponseInit<ActionResult>;

/**
 * A named dashboard action: the form's `intent` it answers travels with it. `reads`: it changes
 * nothing (it only chooses what the form shows), so the activity log leaves it out.
 */
export type DashboardAction = ((args: ActionArgs) => Promise<ActionAnswer>) & {
  intent: string;
  reads?: boolean;
  areaOf?: (form: FormData) => Area;
};

/** The server half of a tab: its data for the page, and its actions by intent. */
export type TabServer<Data = unknown> = {
  load(args: TabLoadArgs): Promise<Data>;
  actions: Record<string, DashboardAction>;
  /** The 403 message for a non-admin on an admin tab, when the tab has SPEC.md words of its own. */
  deniedMessage?: string;
};

/** How an action's failures are worded: SPEC.md's words where it has them (an unexpected one's always). */
export type Failures = FormWords & { failed: string };

/** The answer shape every tab reads: the form edge's, with the intent it answers. */
export function replyFor(intent: string): Reply {
  return (ok, message, init = {}) => {
    const { errors, values, ...extra } = init.extra ?? {};
    return formAnswer(ok, message, {
      status: init.status,
      headers: init.headers,
      errors,
      values,
      extra: { ...extra, intent },
    });
  };
}

/**
 * What an action's form holds: `fields` (echoed back when it is refused, so a page drawn anew shows
 * what was typed) checked by `schema` before `fn` runs; `refusedExtra`, what a refusal needs besides.
 */
type ActionOptions<Parsed> = Pick<FormSpec<Parsed, Partial<ActionResult>>, "fields" | "schema" | "refusedExtra"> & {
  reads?: boolean;
  /** The area the form's record belongs to, when it is narrower than the tab's (the trash: a post or an article). */
  areaOf?: (form: FormData) => Area;
};

/**
 * Makes a named action out of `fn`, answered by the form edge (answerForm): a zod failure, a
 * ServiceError, a thrown Response and anything unexpected are answered there, worded by `failures`.
 */
export function runAction<Parsed = FormValues>(
  intent: string,
  failures: Failures,
  fn: (args: ActionArgs & FormWork<Parsed> & { reply: Reply }) => Promise<ActionAnswer>,
  options: ActionOptions<Parsed> = {},
): DashboardAction {
  const reply = replyFor(intent);
  const { reads, areaOf, ...form } = options;
  const action = (args: ActionArgs) =>
    answerForm(
      args.form,
      {
        where: `dashboard ${intent}`,
        words: { unavailablePage: true, ...failures },
        extra: { intent } as Partial<ActionResult>,
        activity: args.activity,
        ...form,
      },
      (work) => fn({ ...args, ...work, reply }),
    ) as Promise<ActionAnswer>;
  return Object.assign(action, { intent, ...(reads ? { reads: true } : {}), ...(areaOf ? { areaOf } : {}) });
}

/** A tab's actions map, keyed by the intent each one answers. */
export function byIntent(...actions: DashboardAction[]): Record<string, DashboardAction> {
  return Object.fromEntries(actions.map((action) => [action.intent, action]));
}
