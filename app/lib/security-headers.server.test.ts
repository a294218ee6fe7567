import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { inlineScriptHashes, newNonce, pagePolicy } from "./security-headers.server";

const sha = (text: string) => createHash("sha256").update(text).digest("base64");
const site = { oidc: undefined, google: undefined, publicUrl: undefined };

describe("the pages' Content-Security-Policy", () => {
  it("lists the hashes of exactly the inline scripts that carry the render's nonce", () => {
    const nonce = newNonce();
    const html = [
      `<script nonce="${nonce}">window.ours = 1</script>`,
      `<script type="module" nonce="${nonce}">import "/assets/entry.js"</script>`,
      `<p><script>alert("injected")</script></p>`,
      `<script nonce="someone-else">alert("guessed")</script>`,
      `<script nonce="${nonce}" src="/assets/x.js"></script>`,
    ].join("");
    expect(inlineScriptHashes(html, nonce).sort()).toEqual(
      [sha("window.ours = 1"), sha('import "/assets/entry.js"')].sort(),
    );
  });

  it("never allows inline scripts wholesale, and gives each render its own nonce", () => {
    const nonce = newNonce();
    expect(newNonce()).not.toBe(nonce);
    for (const policy of [pagePolicy(site, { nonce }), pagePolicy(site, { hashes: ["abc="] })]) {
      const scripts = /script-src ([^;]*)/.exec(policy)![1];
      expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*|https:/);
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).toContain("object-src 'self'");
    }
    expect(pagePolicy(site, { nonce })).toContain(`'nonce-${nonce}'`);
  });

  it("lets forms go on to the configured sign-in providers, and nowhere else without one", () => {
    expect(/form-action ([^;]*)/.exec(pagePolicy(site, { nonce: "n" }))![1]).toBe("'self'");
    const google = pagePolicy({ ...site, google: { id: "google", name: "Google", clientId: "x" } }, { nonce: "n" });
    expect(/form-action ([^;]*)/.exec(google)![1]).toBe("'self' https://accounts.google.com");
    const oidc = pagePolicy(
      {
        ...site,
        oidc: { id: "oidc", name: "Lakeland ID", clientId: "x", issuer: "https://id.example.edu/realms/staff" },
      },
      { nonce: "n" },
    );
    expect(/form-action ([^;]*)/.exec(oidc)![1]).toBe("'self' https://id.example.edu https:");
    expect(pagePolicy({ ...site, publicUrl: "https://centre.example.edu" }, { nonce: "n" })).toContain(
      "upgrade-insecure-requests",
    );
  });
});
