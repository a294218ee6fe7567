import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { exportJWK, generateKeyPair, SignJWT } from "jose";

import { landscapeImage } from "~/demo/images.server";
import { renderPdf } from "~/demo/pdf.server";
import { handleApiRequest } from "~/routes/api/dispatch.server";
import { closeRuntime } from "~/runtime.server";

import {
  CONTENT_TABLES,
  installRuntime,
  openSeededTestDatabase,
  tableFingerprints,
  type TestDatabase,
} from "./database";

/**
 * The callers of the API tests: signed out; "user" and "other", two readers (no staff role);
 * an admin; an editor; a journal manager (app/domain/roles.ts).
 */
export type Role = "anonymous" | "user" | "other" | "admin" | "editor" | "journal-manager";
export const ROLES: Role[] = ["anonymous", "user", "other", "editor", "journal-manager", "admin"];
const SIGNED_IN = ROLES.filter((role) => role !== "anonymous") as Exclude<Role, "anonymous">[];
const byCaller = () => Object.fromEntries(ROLES.map((role) => [role, ""])) as Record<Role, string>;

export type ApiReply = { status: number; body: unknown; text: string; headers: Headers };

export const GOOGLE_CLIENT_ID = "test-client.apps.googleusercontent.com";

/** A stand-in for Google's published signing keys, and a way to sign ID tokens with them. */
export async function fakeGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  /** A token as Google would issue it, with any claim overridden for a refusal test. */
  async function sign(
    claims: Record<string, unknown> = {},
    options: { key?: CryptoKey; expiresIn?: string; audience?: string; issuer?: string } = {},
  ) {
    const email = (claims.email as string) ?? `scholar.${randomBytes(3).toString("hex")}@example.edu`;
    return new SignJWT({ email, email_verified: true, name: "Ada Scholar", picture: "", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer(options.issuer ?? "https://accounts.google.com")
      .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
      .setSubject((claims.sub as string) ?? randomBytes(8).toString("hex"))
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "10m")
      .sign(options.key ?? privateKey);
  }
  return { url, sign, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A seeded site with four callers (signed out, a user, another user, an admin), reached by
 * calling the API's request handler directly, as the HTTP server does.
 */
export async function openApiWorld() {
  const database: TestDatabase = await openSeededTestDatabase();
  const google = await fakeGoogleKeys();
  const services = installRuntime(database, {
    google: {
      id: "google",
      name: "Google",
      clientId: GOOGLE_CLIENT_ID,
      clientSecret: "test-secret",
      jwksUrl: google.url,
    },
  });
  const cookies = byCaller();
  const ids = byCaller();
  const passwords = byCaller();

  /** One API request; every caller gets its own address so rate limits do not mix tests up. */
  async function call(
    method: string,
    path: string,
    options: {
      as?: Role;
      cookie?: string;
      body?: unknown;
      raw?: string | Uint8Array;
      contentType?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiReply> {
    const headers = new Headers({ "x-client-ip": `10.${randomBytes(3).join(".")}`, ...options.headers });
    const cookie = options.cookie ?? (options.as ? cookies[options.as] : "");
    if (cookie) headers.set("cookie", cookie);
    let body: BodyInit | undefined;
    if (options.raw !== undefined) body = options.raw as BodyInit;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers.set("content-type", options.contentType ?? "application/json");
    const response = await handleApiRequest(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Left undefined: the tests check that every answer is JSON.
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  /** The session cookie a sign-in answer set, as a Cookie header. */
  function cookieFrom(reply: ApiReply) {
    return reply.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => !c.endsWith("="))
      .join("; ");
  }

  async function signIn(username: string, password: string) {
    const reply = await call("POST", "/api/auth/signin", { body: { username, password } });
    if (reply.status !== 200) throw new Error(`sign-in of ${username} failed: ${reply.text}`);
    return { cookie: cookieFrom(reply), id: (reply.body as { user: { _id: string } }).user._id };
  }

  async function addUser(role: Exclude<Role, "anonymous">) {
    const username = `${role}.${randomBytes(3).toString("hex")}`;
    const password = `pw-${randomBytes(6).toString("hex")}`;
    if (role === "admin")
      await services.accounts.createAdmin(
        { username, email: `${username}@example.edu`, password },
        { promoteExisting: false },
      );
    else {
      const reply = await call("POST", "/api/auth/signup", {
        body: { username, email: `${username}@example.edu`, password },
      });
      if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.text}`);
      if (role === "editor" || role === "journal-manager") {
        await services.accounts.setRoles((await services.accounts.findByUsername(username))!.id, [role]);
      }
    }
    const session = await signIn(username, password);
    return { username, password, ...session };
  }
  // The callers every test uses; tests add more accounts of their own with addUser.
  for (const role of SIGNED_IN) {
    const account = await addUser(role);
    cookies[role] = account.cookie;
    ids[role] = account.id;
    passwords[role] = account.password;
  }

  /** New sessions for the callers' accounts (after a test signed them out). */
  async function refreshSessions() {
    for (const role of SIGNED_IN) {
      const current = await services.accounts.userById(ids[role]);
      cookies[role] = (await signIn(current!.username, passwords[role])).cookie;
    }
  }

  /** A stored upload, as /api/uploads would have produced. */
  async function uploadedImage() {
    return (
      await services.media.ingestBuffer((await landscapeImage(7, 800, 450)).bytes, {
        purpose: "image",
        fileName: "test.png",
      })
    ).url;
  }
  async function uploadedPdf() {
    const bytes = renderPdf([{ text: "A test article", style: "title" }], { title: "A test article", author: "Tests" });
    return (await services.media.ingestBuffer(bytes, { purpose: "pdf", fileName: "article.pdf" })).url;
  }

  /** Everything a refused request must leave as it was (sessions and rate-limit counters aside). */
  async function fingerprint(): Promise<string> {
    const rows = await tableFingerprints(database.db, CONTENT_TABLES);
    return rows.map((r) => `${r.t}:${r.n}:${r.h}`).join(",");
  }

  return {
    database,
    services,
    google,
    call,
    cookieFrom,
    signIn,
    addUser,
    refreshSessions,
    cookies,
    ids,
    passwords,
    uploadedImage,
    uploadedPdf,
    fingerprint,
    async close() {
      await google.close();
      await closeRuntime();
      await database.dispose();
    },
  };
}

export type ApiWorld = Awaited<ReturnType<typeof openApiWorld>>;
