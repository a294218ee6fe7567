import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiWorld, GOOGLE_CLIENT_ID, openApiWorld } from "../../tests/support/api";
import { testDatabaseKind } from "../../tests/support/database";

/**
 * POST /api/auth/google takes only a token Google signed for this site: the library checks the
 * signature against the published keys, the audience, the issuer and the expiry. A name and an
 * e-mail posted by a client never sign anyone in.
 */

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.close();
});

const signIn = (body: unknown) => world.call("POST", "/api/auth/google", { body });

describe(`sign-in with a Google ID token (${testDatabaseKind})`, () => {
  it("a genuine token signs in (cookie and user), creating the account once", async () => {
    const token = await world.google.sign({ email: "kofi.mensah@example.edu", sub: "google-kofi" });
    const first = await signIn({ idToken: token });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.getSetCookie().join(";")).toMatch(/session_token=[^;]+/);
    expect(first.body).toMatchObject({ success: true, user: { email: "kofi.mensah@example.edu", isAdmin: false } });
    const again = await signIn({
      idToken: await world.google.sign({ email: "kofi.mensah@example.edu", sub: "google-kofi" }),
    });
    expect((again.body as { user: { _id: string } }).user._id).toBe((first.body as { user: { _id: string } }).user._id);
    // The cookie is a working session.
    const cookie = world.cookieFrom(first);
    const me = await world.call("PUT", `/api/users/update/${(first.body as { user: { _id: string } }).user._id}`, {
      cookie,
      body: {},
    });
    expect(me.status).toBe(400);
    expect(me.body).toMatchObject({ message: "No changes made" });
  });

  it("refuses a name and e-mail without a token, and every token it cannot trust", async () => {
    const { privateKey: strangerKey } = await generateKeyPair("RS256");
    const victim = "admin.victim@example.edu";
    const cases: [string, unknown, number][] = [
      ["name and e-mail only", { name: "Admin", email: victim, googlePhotoUrl: "" }, 400],
      ["not a token", { idToken: "hello" }, 401],
      ["signed by another key", { idToken: await world.google.sign({ email: victim }, { key: strangerKey }) }, 401],
      [
        "for another site (audience)",
        {
          idToken: await world.google.sign({ email: victim }, { audience: "someone-else.apps.googleusercontent.com" }),
        },
        401,
      ],
      [
        "from another issuer",
        { idToken: await world.google.sign({ email: victim }, { issuer: "https://evil.example" }) },
        401,
      ],
      ["expired", { idToken: await world.google.sign({ email: victim }, { expiresIn: "-5m" }) }, 401],
      [
        "for an e-mail Google has not verified",
        { idToken: await world.google.sign({ email: victim, email_verified: false }) },
        401,
      ],
      [
        "unsigned (alg none)",
        {
          idToken: unsigned({
            iss: "https://accounts.google.com",
            aud: GOOGLE_CLIENT_ID,
            sub: "x",
            email: victim,
            exp: Math.floor(Date.now() / 1000) + 600,
            iat: Math.floor(Date.now() / 1000),
          }),
        },
        401,
      ],
    ];
    for (const [what, body, status] of cases) {
      const reply = await signIn(body);
      expect(reply.status, `${what}: ${reply.text}`).toBe(status);
      expect(reply.headers.getSetCookie().join(";"), what).not.toMatch(/session_token=[^;]+/);
      expect(reply.body).toMatchObject({ success: false, statusCode: status });
    }
    expect(await world.services.accounts.findByEmail(victim)).toBeNull();
  });

  it("with open sign-up closed, Google makes an account only for an invited address", async () => {
    await world.services.accounts.setSignUpOpen(false);
    try {
      const stranger = await signIn({
        idToken: await world.google.sign({ email: "walk.in@example.edu", sub: "g-walk" }),
      });
      expect(stranger.status, stranger.text).toBeGreaterThanOrEqual(400);
      expect(stranger.status).toBeLessThan(500);
      expect(stranger.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]+/);
      expect(await world.services.accounts.findByEmail("walk.in@example.edu")).toBeNull();

      const admin = (await world.services.accounts.userById(world.ids.admin))!;
      await world.services.accounts.invite(admin, { email: "invited.by.mail@example.edu", roles: ["editor"] });
      const invited = await signIn({
        idToken: await world.google.sign({ email: "invited.by.mail@example.edu", sub: "g-invited" }),
      });
      expect(invited.status, invited.text).toBe(200);
      // An account, still a reader until the invitation's link is followed and accepted.
      expect((await world.services.accounts.findByEmail("invited.by.mail@example.edu"))?.roles).toEqual([]);
    } finally {
      await world.services.accounts.setSignUpOpen(true);
    }
  });
});

function unsigned(claims: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
}
