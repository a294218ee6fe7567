import { describe, expect, it } from "vitest";

import { isCrossSiteMutation } from "./same-origin.server";

const base = { method: "POST", host: "cpscr.example.edu", publicUrl: undefined, fetchSite: null };

describe("isCrossSiteMutation", () => {
  it("lets reads through and same-site posts", () => {
    expect(isCrossSiteMutation({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
    expect(isCrossSiteMutation({ ...base, origin: "https://cpscr.example.edu" })).toBe(false);
    expect(isCrossSiteMutation({ ...base, origin: null })).toBe(false);
  });

  it("refuses posts from another site, an opaque origin, or that the browser marks cross-site", () => {
    expect(isCrossSiteMutation({ ...base, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, origin: "https://sub.cpscr.example.edu" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, origin: "null" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, origin: null, fetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "DELETE", origin: "https://evil.example" })).toBe(true);
  });

  it("accepts the public address behind a proxy that rewrites Host", () => {
    expect(
      isCrossSiteMutation({
        ...base,
        host: "127.0.0.1:3000",
        origin: "https://cpscr.example.edu",
        publicUrl: "https://cpscr.example.edu",
      }),
    ).toBe(false);
  });
});

describe("origins CORS_ORIGINS lists", () => {
  it("may call the JSON API, and nothing else", () => {
    const partner = {
      ...base,
      origin: "https://app.example.edu",
      fetchSite: "cross-site",
      corsOrigins: ["https://app.example.edu"],
    };
    expect(isCrossSiteMutation({ ...partner, path: "/api/post/create" })).toBe(false);
    expect(isCrossSiteMutation({ ...partner, path: "/dashboard" })).toBe(true);
    expect(isCrossSiteMutation({ ...partner, origin: "https://other.example.edu", path: "/api/post/create" })).toBe(
      true,
    );
  });
});
