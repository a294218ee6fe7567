import { data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { z } from "~/lib/zod";
import { ServiceError } from "~/services/errors.server";

import { type ActionArgs, runAction } from "./actions.server";

const args = { request: new Request("http://localhost/dashboard"), form: new FormData() } as ActionArgs;
const FAILURES = { failed: "Failed to save" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runAction", () => {
  it("answers a zod failure 400 with field errors and the first problem", async () => {
    const action = runAction("save-thing", FAILURES, async () => {
      z.object({ name: z.string().min(1, "Name is required"), code: z.string().min(1, "Code too") }).parse({
        name: "",
        code: "",
      });
      throw new Error("not reached");
    });
    const answer = await action(args);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        intent: "save-thing",
        ok: false,
        message: "Name is required",
        errors: { name: "Name is required", code: "Code too" },
      },
    });
  });

  it("uses the tab's words for a refused form when it has them", async () => {
    const action = runAction(
      "save-focus",
      { failed: "Error submitting form", invalid: "Error submitting form" },
      async () => z.object({ key: z.enum(["a"]) }).parse({ key: "b" }) as never,
    );
    expect(await action(args)).toMatchObject({ data: { message: "Error submitting form" }, init: { status: 400 } });
  });

  it("answers a ServiceError with its message and status, worded by the tab", async () => {
    const action = runAction(
      "delete-course",
      { failed: "Failed to delete", refused: (m) => `Error deleting course: ${m}` },
      async () => {
        throw new ServiceError("That course no longer exists.", 404);
      },
    );
    expect(await action(args)).toMatchObject({
      init: { status: 404 },
      data: { ok: false, message: "Error deleting course: That course no longer exists." },
    });
  });

  it("lets the 503 refusal through, thrown as React Router data or as a ServiceError", async () => {
    const unavailable = data({ message: "briefly unavailable" }, { status: 503 });
    await expect(runAction("x", FAILURES, () => Promise.reject(unavailable))(args)).rejects.toBe(unavailable);
    const thrown = await runAction("x", FAILURES, () => Promise.reject(new ServiceError("briefly unavailable", 503)))(
      args,
    ).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 503 },
      data: { message: "briefly unavailable" },
    });
  });

  it("lets thrown Responses (sign-in redirects, 403s) through", async () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/signin" } });
    await expect(runAction("x", FAILURES, () => Promise.reject(redirect))(args)).rejects.toBe(redirect);
  });

  it("logs anything else with its stack and answers 500 with the tab's words", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("disk on fire");
    const answer = await runAction("save-settings", FAILURES, () => Promise.reject(failure))(args);
    expect(answer).toMatchObject({
      init: { status: 500 },
      data: { intent: "save-settings", ok: false, message: "Failed to save" },
    });
    expect(log).toHaveBeenCalledWith("dashboard save-settings:", failure);
  });
});
