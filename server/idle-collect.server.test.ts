import { afterEach, describe, expect, it, vi } from "vitest";

import { collectWhenIdle } from "./idle-collect.server";

const globals = globalThis as { gc?: unknown };
const exposed = globals.gc;
afterEach(() => {
  globals.gc = exposed;
  vi.useRealTimers();
});

describe("the collection once the server is idle", () => {
  it("runs once no request has been in flight for the quiet time, never during one, once per quiet spell", () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    globals.gc = gc;
    const idle = collectWhenIdle(10_000);
    idle.settled();
    vi.advanceTimersByTime(9_000);
    idle.begin();
    idle.begin();
    vi.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    idle.end();
    vi.advanceTimersByTime(30_000);
    expect(gc).not.toHaveBeenCalled();
    idle.end();
    vi.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
    idle.stop();
  });

  it("does nothing where gc is not exposed (a server not started by npm start)", () => {
    vi.useFakeTimers();
    globals.gc = undefined;
    const idle = collectWhenIdle(10);
    idle.settled();
    expect(() => vi.advanceTimersByTime(100)).not.toThrow();
  });
});
