import { afterEach, describe, expect, it, vi } from "vitest";

import { EDITED_ELSEWHERE } from "~/domain/messages/editorial";
import { z } from "~/lib/zod";
import { type ActivityEntryInput, activityService, openActivity } from "~/services/activity.server";
import { StaleVersionError } from "~/services/editorial.server";
import { ConflictError, ServiceError, TooManyAttemptsError } from "~/services/errors.server";

import { answerForm, formAction } from "./form-action.server";

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/a-form", { method: "POST", body: new URLSearchParams(fields) });

const answerOf = (answer: unknown) => {
  const { data, init } = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, ...data };
};

/** A form's refusal as answered: its status, the message (said again at `field`), and what was typed. */
const refusal = (status: number, field: string, message: string, values: Record<string, string>) => ({
  status,
  ok: false,
  message,
  errors: { [field]: message },
  values,
});

const schema = z.object({ name: z.string().trim().min(1, "Enter a name"), password: z.string() });
const spec = { where: "a form", fields: ["name", "password"], echo: { except: ["password"] }, schema };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the form edge", () => {
  it("answers a form its schema refuses 400, each problem at its field, with what was typed but no password", async () => {
    const work = vi.fn();
    const answer = answerOf(await formAction(post({ name: " ", password: "secret words" }), spec, work));
    expect(answer).toEqual(refusal(400, "name", "Enter a name", { name: " " }));
    expect(work).not.toHaveBeenCalled();
  });

  it("gives the work the parsed input, and answers what it answers", async () => {
    const answer = await formAction(post({ name: " Ada ", password: "pw" }), spec, async ({ input }) =>
      Response.json({ name: input.name }),
    );
    expect(await (answer as Response).json()).toEqual({ name: "Ada" });
  });

  it("answers a ServiceError with its status, headers and message, at its field", async () => {
    const taken = answerOf(
      await formAction(post({ name: "Ada", password: "pw" }), spec, () =>
        Promise.reject(new ConflictError("That name is taken.", "name")),
      ),
    );
    expect(taken).toMatchObject({
      status: 409,
      ok: false,
      message: "That name is taken.",
      errors: { name: "That name is taken." },
    });
    const limited = await formAction(post({ name: "Ada", password: "pw" }), spec, () =>
      Promise.reject(new TooManyAttemptsError(30)),
    );
    expect((limited as { init: ResponseInit }).init.headers).toMatchObject(new Headers({ "Retry-After": "30" }));
    expect(answerOf(limited)).toMatchObject({ status: 429, errors: { form: expect.any(String) } });
  });

  it("gives back the version someone else saved meanwhile, so saving again replaces it knowingly", async () => {
    const editor = { where: "editor", fields: { title: "", version: "" } };
    const answer = answerOf(
      await formAction(post({ title: "Mine", version: "3" }), editor, () => Promise.reject(new StaleVersionError(5))),
    );
    expect(answer).toMatchObject({
      status: 409,
      errors: { version: EDITED_ELSEWHERE },
      values: { title: "Mine", version: "5" },
    });
  });

  it("logs anything else with its stack and answers 500 in the form's words, keeping what was typed", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("disk on fire");
    const answer = answerOf(
      await formAction(
        post({ name: "Ada", password: "pw" }),
        { ...spec, words: { failed: "something went wrong" } },
        () => Promise.reject(failure),
      ),
    );
    expect(answer).toEqual(refusal(500, "form", "something went wrong", { name: "Ada" }));
    expect(log).toHaveBeenCalledWith("a form:", failure);
  });

  it("lets a thrown Response through, and the 503 refusal only where the words ask for the calm page", async () => {
    const signIn = new Response(null, { status: 302, headers: { location: "/signin" } });
    await expect(formAction(post({}), { where: "x" }, () => Promise.reject(signIn))).rejects.toBe(signIn);
    const down = () => Promise.reject(new ServiceError("briefly unavailable", 503));
    expect(answerOf(await formAction(post({}), { where: "x" }, down))).toMatchObject({ status: 503, ok: false });
    await expect(formAction(post({}), { where: "x", words: { unavailablePage: true } }, down)).rejects.toMatchObject({
      init: { status: 503 },
    });
  });

  it("records the entry it opened once, with the outcome of its answer", async () => {
    const written: ActivityEntryInput[] = [];
    const recorder = { record: async (entry: ActivityEntryInput) => void written.push(entry) } as Pick<
      ReturnType<typeof activityService>,
      "record"
    >;
    const form = new FormData();
    const entry = { action: "things.save", actor: { id: "a1", name: "ada" } };
    await answerForm(form, { where: "x", activity: openActivity(recorder, null, entry) }, () =>
      Promise.reject(new ConflictError("No.")),
    );
    const thrown = new Response(null, { status: 403 });
    await answerForm(form, { where: "x", activity: openActivity(recorder, null, entry) }, () =>
      Promise.reject(thrown),
    ).catch(() => {});
    expect(written.map((e) => e.outcome)).toEqual(["refused", "refused"]);
  });
});
