import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { cpuMsOf } from "../../tests/support/cpu-time";
import { parseUrlEncoded, readForm } from "./read-form.server";
import { readJsonObject } from "./read-json.server";

const MB = 1024 * 1024;

const post = (body: string, type: string) =>
  new Request("http://site.test/signin", { method: "POST", body, headers: { "content-type": type } });

/** What `readForm` threw: React Router's `data()` (status and words). */
async function refusalOf(request: Request) {
  try {
    await readForm(request);
  } catch (error) {
    const { init, data } = error as { init: { status: number }; data: { message: string } };
    return { status: init.status, message: data.message };
  }
  throw new Error("the form was read");
}

/** How long `work` takes, in ms of this process's CPU time (tests/support/cpu-time.ts says why). */
const timed = cpuMsOf;

describe("reading a form", () => {
  it("parses a urlencoded body into the same fields as the standard parser", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z=&%+0-9A-F?é ]{0,80}$/), (body) => {
        expect([...parseUrlEncoded(body)]).toEqual([...new URLSearchParams(body)]);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes linear time over fields without '=': 1,999 of them before 2 MB, where Node's parser searched the 2 MB for each", async () => {
    const body = "a&".repeat(1999) + "x".repeat(2 * MB - 4100);
    // The quickest of three reads: one can meet a collection.
    const times = [];
    for (let i = 0; i < 3; i++)
      times.push(await timed(() => readForm(post(body, "application/x-www-form-urlencoded"))));
    expect(Math.min(...times), `${times.map(Math.round).join(", ")} ms`).toBeLessThan(100);
    const form = await readForm(post(body, "application/x-www-form-urlencoded; charset=UTF-8"));
    expect(form.getAll("a")).toHaveLength(1999);
  });

  it("refuses a form of more than 2,000 fields, or a part with too many headers, before parsing it", async () => {
    const ms = await timed(async () =>
      expect(await refusalOf(post("a&".repeat(MB), "application/x-www-form-urlencoded"))).toEqual({
        status: 413,
        message: "This form has too many fields: it can have at most 2,000.",
      }),
    );
    expect(ms, `${Math.round(ms)} ms`).toBeLessThan(100);
    const boundary = "----b";
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n`;
    expect(await refusalOf(post(part.repeat(2001) + `--${boundary}--\r\n`, multipart))).toMatchObject({ status: 413 });
    const headers = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n${"X: y\r\n".repeat(100_000)}\r\nv\r\n--${boundary}--\r\n`;
    expect(await refusalOf(post(headers, multipart))).toMatchObject({ status: 400 });
    // A multipart form within the limits is read as before.
    const form = await readForm(post(part.repeat(3) + `--${boundary}--\r\n`, multipart));
    expect(form.getAll("a")).toEqual(["", "", ""]);
  });
});

describe("reading a JSON body", () => {
  it("refuses 700,000 empty objects, and deep nesting, before JSON.parse makes anything of them", async () => {
    const json = (body: string) =>
      readJsonObject(
        new Request("http://site.test/api/auth/signin", {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        }),
      );
    const heapBefore = process.memoryUsage().heapUsed;
    const objects = (await json(`[${"{},".repeat(690_000)}{}]`)) as Response;
    expect(objects.status).toBe(413);
    expect((await objects.json()).message).toBe("This request has too many values: it can have at most 10,000.");
    const deep = (await json(`{"a":${"[".repeat(500_000)}`)) as Response;
    expect(deep.status).toBe(400);
    expect((await deep.json()).message).toBe("This request is nested too deeply: it can have at most 32 levels.");
    expect((process.memoryUsage().heapUsed - heapBefore) / MB).toBeLessThan(32);
    // A body within the limits is read as before.
    expect(await json(JSON.stringify({ username: "a", list: Array(1000).fill({}) }))).toMatchObject({ username: "a" });
  });
});
