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
    for (const url of ["/", "/posts?page=2", "/post/a-title", "/dashboard?tab=posts", "/journal/an-article", "/posts.data", "/signin"]) {
      expect(takesTurn("GET", url), url).toBe(true);
    }
    expect(takesTurn("HEAD", "/about")).toBe(true);
  });

  it("writes, the API, the health check and files do not", () => {
    expect(takesTurn("POST", "/dashboard")).toBe(false);
    for (const url of ["/api/post/getposts", "/api/auth/callback/oidc?code=x", "/uploads/a.webp", "/healthz", "/journal/an-article/pdf"]) {
      expect(takesTurn("GET", url), url).toBe(false);
    }
  });
});
