import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiWorld, openApiWorld } from "../../tests/support/api";
import { SETTINGS_FIELDS } from "../lib/site-content";
import { getRuntime } from "../runtime.server";
import { openApiDocument } from "./openapi.server";

/**
 * The earlier system's browser client (SPEC.md section 7), pointed at this server: its calls with
 * the bodies it sends, where they differ from what this server's own screens send (issue 23).
 */

let world: ApiWorld;

beforeAll(async () => {
  world = await openApiWorld();
});
afterAll(async () => {
  await world?.close();
});

describe("the earlier client's calls", () => {
  it("reads the account at the top level of the sign-in answer", async () => {
    const account = await world.addUser("user");
    const reply = await world.call("POST", "/api/auth/signin", {
      body: { username: account.username, password: account.password },
    });
    expect(reply.status).toBe(200);
    const body = reply.body as Record<string, unknown>;
    expect(body).toMatchObject({ _id: account.id, username: account.username, isAdmin: false, profilePhoto: "" });
    expect(body.email).toBe(`${account.username}@example.edu`);
    for (const field of ["createdAt", "updatedAt"]) expect(Date.parse(String(body[field]))).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it("saves a focus page with the `file: null` it sends", async () => {
    const reply = await world.call("POST", "/api/focus", {
      as: "admin",
      body: { key: "focusPage", title: "Our focus", subtitle: "Peace research", content: "<p>Words</p>", file: null },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ key: "focusPage", title: "Our focus", subtitle: "Peace research" });
    expect((reply.body as Record<string, unknown>).file).toBeUndefined();
  });

  it("saves the about section with its vcImage and directorImage spelling", async () => {
    const [vc, director] = [await world.uploadedImage(), await world.uploadedImage()];
    const text = Object.fromEntries(SETTINGS_FIELDS.about.map((field) => [field, `About: ${field}`]));
    delete text.vcimage;
    delete text.directorimage;
    const reply = await world.call("PUT", "/api/settings/about", {
      as: "admin",
      body: { ...text, vcImage: vc, directorImage: director },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ vcimage: vc, directorimage: director, mission: "About: mission" });
    const read = await world.call("GET", "/api/settings/about");
    expect(read.body).toMatchObject({ vcimage: vc, directorimage: director });
  });

  it("files a post sent with the category values `news` and `uncategories` as uncategorized", async () => {
    for (const category of ["news", "uncategories"]) {
      const reply = await world.call("POST", "/api/post/create", {
        as: "admin",
        body: { title: `Sent as ${category}`, category, content: "<p>Text</p>", image: "" },
      });
      expect(reply.status).toBe(201);
      expect((reply.body as { post: { category: string } }).post.category).toBe("uncategorized");
    }
    const refused = await world.call("POST", "/api/post/create", {
      as: "admin",
      body: { title: "Sent as gossip", category: "gossip" },
    });
    expect(refused.status).toBe(400);
  });

  it("meets a taken username with one status, the one the API document names, on sign-up and on a profile edit", async () => {
    const holder = await world.addUser("user");
    const signUp = await world.call("POST", "/api/auth/signup", {
      body: { username: holder.username, email: "someone.new@example.edu", password: "a long enough password" },
    });
    const mover = await world.addUser("user");
    const rename = await world.call("PUT", `/api/users/update/${mover.id}`, {
      cookie: mover.cookie,
      body: { username: holder.username },
    });
    expect([signUp.status, rename.status]).toEqual([409, 409]);
    for (const reply of [signUp, rename])
      expect((reply.body as { message: string }).message).toBe(
        "That username is already taken. Please choose another.",
      );
    const paths = openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths["/api/auth/signup"].post.responses)).toContain("409");
    expect(Object.keys(paths["/api/users/update/{userId}"].put.responses)).toContain("409");
  });

  it("sends and reads a department's description as plain text, also one an earlier version stored as HTML", async () => {
    const faculty = await world.call("POST", "/api/faculty/create", { as: "admin", body: { name: "Faculty of Text" } });
    const facultyId = (faculty.body as { _id: string })._id;
    const text = "Mediation & negotiation.\n\nField research.";
    const created = await world.call("POST", "/api/departments/create", {
      as: "admin",
      body: { name: "Plain Words", faculty: facultyId, departimage: "", content: text },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { _id: string })._id;
    const read = await world.call("GET", `/api/departments/getdepart/${id}`);
    expect((read.body as { content: string }).content).toBe(text);
    await world.database.db.execute(
      sql`update departments set content = '<p>Stored &amp; kept</p><p>as HTML</p>' where id = ${id}`,
    );
    const legacy = await world.call("GET", `/api/departments/getdepart/${id}`);
    expect((legacy.body as { content: string }).content).toBe("Stored & kept\n\nas HTML");
  });

  it("names stored files absolutely for a client served from another allowed origin", async () => {
    const client = "https://client.example.org";
    (await getRuntime()).config.corsOrigins.push(client);
    const image = await world.uploadedImage();
    const created = await world.call("POST", "/api/post/create", {
      as: "admin",
      body: { title: "Files from afar", category: "fees", image, content: `<p><img src="${image}" alt=""></p>` },
    });
    const slug = (created.body as { slug: string }).slug;
    const fromElsewhere = await world.call("GET", `/api/post/getposts?slug=${slug}`, { headers: { origin: client } });
    const post = (fromElsewhere.body as { posts: { image: string; content: string }[] }).posts[0];
    expect(post.image).toBe(`http://localhost${image}`);
    expect(post.content).toContain(`src="http://localhost${image}"`);
    const fromHere = await world.call("GET", `/api/post/getposts?slug=${slug}`);
    expect((fromHere.body as { posts: { image: string }[] }).posts[0].image).toBe(image);
    // The whole post goes back with an edit, its addresses as it read them.
    const postId = (fromElsewhere.body as { posts: { _id: string }[] }).posts[0]._id;
    const edited = await world.call("PUT", `/api/post/updatepost/${postId}/${world.ids.admin}`, {
      as: "admin",
      headers: { origin: client },
      body: { ...post, title: "Files from afar, edited" },
    });
    expect(edited.status).toBe(200);
    const stored = (await world.services.posts.byId(postId, "admin"))!;
    expect([stored.title, stored.image]).toEqual(["Files from afar, edited", image]);
    expect(stored.content).toContain(`src="${image}"`);
    const notAllowed = await world.call("GET", `/api/post/getposts?slug=${slug}`, {
      headers: { origin: "https://elsewhere.example.net" },
    });
    expect((notAllowed.body as { posts: { image: string }[] }).posts[0].image).toBe(image);
  });
});
