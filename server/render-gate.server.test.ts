import { describe, expect, it } from "vitest";

import { renderGate, takesTurn } from "./render-gate.server";

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the render gate", () => {
  it("lets no more than its limit run at once, and the rest in the order they came", async () => {
    const gate = renderGate(2);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          await later();
          running--;
          finished.push(i);
        }),
      ),
    );
    expect(most).toBe(2);
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the place of a request that failed, and passes its error on", async () => {
    const gate = renderGate(1);
    await expect(gate.run(async () => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    await expect(gate.run(async () => "next")).resolves.toBe("next");
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe("which requests take turns", () => {
  it("page renders and their data do", () => {
    for (const url of [
      "/",
      "/posts?page=2",
      "/post/a-title",
      "/dashboard?tab=posts",
      "/journal/an-article",
      "/posts.data",
      "/signin",
    ]) {
      expect(takesTurn("GET", url), url).toBe(true);
    }
    expect(takesTurn("HEAD", "/about")).toBe(true);
  });

  it("writes, the API, the health check and files do not", () => {
    expect(takesTurn("POST", "/dashboard")).toBe(false);
    for (const url of [
      "/api/post/getposts",
      "/api/auth/callback/oidc?code=x",
      "/uploads/a.webp",
      "/healthz",
      "/journal/an-article/pdf",
    ]) {
      expect(takesTurn("GET", url), url).toBe(false);
    }
  });
});

describe("renders per turn of the event loop", () => {
  it("starts no more than its number in one turn, even when each render finishes at once", async () => {
    const gate = renderGate(8, 2);
    const turnOf: number[] = [];
    let turn = 0;
    let counting = true;
    const countTurns = () => {
      turn++;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    // Renders that never wait on anything outside the process, as on the embedded database.
    await Promise.all(Array.from({ length: 7 }, (_, i) => gate.run(async () => void (turnOf[i] = turn))));
    counting = false;
    const perTurn = new Map<number, number>();
    for (const t of turnOf) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(2);
    // In the order they came.
    expect(turnOf).toEqual([...turnOf].sort((a, b) => a - b));
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("lets a new connection in while a burst of renders waits", async () => {
    const gate = renderGate(20, 1);
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // Something that needs a turn of the loop of its own (as accepting a connection does), asked
    // for just before a burst of twenty requests arrives.
    const started = performance.now();
    const nextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(performance.now() - started)));
    const renders = Array.from({ length: 20 }, () => gate.run(async () => busy(5)));
    const waited = await nextTurn;
    await Promise.all(renders);
    // Without the per-turn limit all twenty renders (100 ms) run before that turn.
    expect(waited).toBeLessThan(40);
  });
});
