import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiWorld, openApiWorld } from "../../tests/support/api";
import { SETTINGS_FIELDS } from "../lib/site-content";
import { openApiDocument } from "../routes/api/openapi.server";
import { getRuntime } from "../runtime.server";

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

  it("files a post under a category editors added, with its tags, and still refuses one that does not exist (issue 33)", async () => {
    const { services } = await getRuntime();
    const added = await services.categories.create({ name: "Graduation" });
    const reply = await world.call("POST", "/api/post/create", {
      as: "admin",
      body: { title: "Graduation day", category: added.slug, content: "<p>Text</p>", tags: ["Ceremony", "ceremony "] },
    });
    expect(reply.status).toBe(201);
    const post = (reply.body as { post: { _id: string; category: string } }).post;
    expect(post.category).toBe("graduation");
    expect(await services.posts.tagsOf(post._id)).toEqual([{ slug: "ceremony", name: "Ceremony" }]);
    await services.posts.remove(post._id);
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

/**
 * Every call of SPEC.md section 7 as the earlier client makes it (its paths, trailing slashes and
 * bodies, records sent back whole as it read them), and what it reads from each answer.
 */
describe("every call of SPEC.md section 7, as the earlier client makes it", () => {
  type Reply = Awaited<ReturnType<ApiWorld["call"]>>;
  const json = (reply: Reply) => reply.body as Record<string, unknown> & { message?: string };
  const as = (role: "admin" | "user" | "anonymous") => ({ as: role });

  it("auth and users: sign up, sign in, edit the account, list users, sign out, delete the account", async () => {
    const username = "earlier.client";
    const signUp = await world.call("POST", "/api/auth/signup", {
      body: { username, email: "earlier.client@example.edu", password: "earlier password" },
    });
    expect([signUp.status, json(signUp).success, json(signUp).message]).toEqual([201, true, "Signup successful"]);
    const signIn = await world.call("POST", "/api/auth/signin", { body: { username, password: "earlier password" } });
    expect([signIn.status, json(signIn).success, json(signIn).username]).toEqual([200, true, username]);
    const cookie = world.cookieFrom(signIn);
    const id = String(json(signIn)._id);
    const update = await world.call("PUT", `/api/users/update/${id}`, {
      cookie,
      body: { username: "earlier.client2" },
    });
    expect([update.status, json(update)._id, json(update).username]).toEqual([200, id, "earlier.client2"]);
    const users = await world.call("GET", "/api/users/getusers?startIndex=0", as("admin"));
    expect((json(users).users as { username: string }[]).map((u) => u.username)).toContain("earlier.client2");
    const signOut = await world.call("POST", "/api/users/signout", { cookie });
    expect(signOut.status).toBe(200);
    const again = world.cookieFrom(
      await world.call("POST", "/api/auth/signin", {
        body: { username: "earlier.client2", password: "earlier password" },
      }),
    );
    const removed = await world.call("DELETE", `/api/users/delete/${id}`, { cookie: again });
    expect(removed.status).toBe(200);
    const gone = await world.call("POST", "/api/auth/signin", {
      body: { username: "earlier.client2", password: "earlier password" },
    });
    expect([gone.status, json(gone).success]).toEqual([401, false]);
  });

  it("posts: create, read by every parameter, save the whole post back, delete", async () => {
    const created = await world.call("POST", "/api/post/create", {
      ...as("admin"),
      body: { title: "An earlier client's post", category: "uncategories", image: "", content: "<p>Body</p>" },
    });
    expect(created.status).toBe(201);
    const slug = String(json(created).slug);
    expect(json(created).message).toEqual(expect.any(String));
    const bySlug = json(await world.call("GET", `/api/post/getposts?slug=${slug}`)).posts as Record<string, unknown>[];
    const post = bySlug[0];
    const postId = String(post._id);
    for (const query of [
      `userId=${world.ids.admin}&startIndex=0`,
      "limit=3",
      "startIndex=0",
      `postId=${postId}`,
      "category=uncategorized",
    ]) {
      const reply = await world.call("GET", `/api/post/getposts?${query}`, as("admin"));
      expect(reply.status, query).toBe(200);
      expect(
        (json(reply).posts as { _id: string }[]).some((p) => p._id === postId),
        query,
      ).toBe(true);
    }
    const saved = await world.call("PUT", `/api/post/updatepost/${postId}/${world.ids.admin}`, {
      ...as("admin"),
      body: { ...post, content: "<p>Edited</p>" },
    });
    expect([saved.status, json(saved).slug]).toEqual([200, slug]);
    const deleted = await world.call("DELETE", `/api/post/deletepost/${postId}/${world.ids.admin}`, as("admin"));
    expect(deleted.status).toBe(200);
    expect(json(await world.call("GET", `/api/post/getposts?postId=${postId}`)).posts).toEqual([]);
  });

  it("faculties, departments and courses: create, list, read, save the whole record at its singular path, delete", async () => {
    const facultyReply = await world.call("POST", "/api/faculty/create", {
      ...as("admin"),
      body: { name: "Faculty of Earlier Calls" },
    });
    expect(facultyReply.status, facultyReply.text).toBe(201);
    const faculty = json(facultyReply);
    const departmentReply = await world.call("POST", "/api/departments/create", {
      ...as("admin"),
      body: { name: "Public Law", faculty: faculty._id, departimage: "", content: "Constitutions." },
    });
    expect(departmentReply.status, departmentReply.text).toBe(201);
    const department = json(departmentReply);
    const course = await world.call("POST", "/api/course/create", {
      ...as("admin"),
      body: {
        name: "Constitutional Law",
        code: "law 101",
        credits: 3,
        semester: "First",
        description: "Foundations.",
        department: department._id,
        faculty: faculty._id,
      },
    });
    expect(course.status, course.text).toBe(201);
    for (const path of ["/api/course/getcourse", "/api/departments/getdepart", "/api/faculty/getfaculty"]) {
      const reply = await world.call("GET", path);
      expect(Array.isArray(reply.body), path).toBe(true);
    }
    const page = json(await world.call("GET", `/api/departments/getdepart/${department._id}`));
    expect([page.name, (page.courses as unknown[]).length]).toEqual(["Public Law", 1]);
    const { courses: _courses, ...wholeDepartment } = page;
    void _courses;
    const editedDepartment = await world.call("PUT", `/api/department/${department._id}`, {
      ...as("admin"),
      body: { ...wholeDepartment, name: "Public and Constitutional Law" },
    });
    expect(editedDepartment.status).toBe(200);
    const listedCourse = (await world.call("GET", "/api/course/getcourse")).body as Record<string, unknown>[];
    const wholeCourse = listedCourse.find((c) => c._id === json(course)._id)!;
    const editedCourse = await world.call("PUT", `/api/course/${wholeCourse._id}`, {
      ...as("admin"),
      body: { ...wholeCourse, credits: 4 },
    });
    expect([editedCourse.status, json(editedCourse).credits]).toEqual([200, 4]);
    const editedFaculty = await world.call("PUT", `/api/faculty/${faculty._id}`, {
      ...as("admin"),
      body: { ...faculty, name: "Faculty of Earlier Calls, renamed" },
    });
    expect([editedFaculty.status, json(editedFaculty).name]).toEqual([200, "Faculty of Earlier Calls, renamed"]);
    expect((await world.call("DELETE", `/api/course/${wholeCourse._id}`, as("admin"))).status).toBe(200);
    expect((await world.call("DELETE", `/api/departments/${department._id}`, as("admin"))).status).toBe(200);
    const facultyGone = await world.call(
      "DELETE",
      `/api/faculty/deletefaculty/${faculty._id}/${world.ids.admin}`,
      as("admin"),
    );
    expect(facultyGone.status).toBe(200);
  });

  it("settings, staff, the announcement and focus pages: read and save as the client does", async () => {
    for (const section of ["homepage", "about", "howtoapplyone", "howtoapplytwo", "howtoapplythree"]) {
      expect((await world.call("GET", `/api/settings/${section}`)).status, section).toBe(200);
    }
    const homepage = json(await world.call("GET", "/api/settings/homepage"));
    const savedSettings = await world.call("PUT", "/api/settings/homepage", {
      ...as("admin"),
      body: { ...homepage, title: "Welcome back" },
    });
    expect([savedSettings.status, json(savedSettings).title]).toEqual([200, "Welcome back"]);
    const staff = json(await world.call("GET", "/api/staff"));
    expect(Object.keys(staff)).toEqual(expect.arrayContaining(["director", "vc"]));
    const director = json(await world.call("GET", "/api/staff/director"));
    const savedStaff = await world.call("PUT", "/api/staff/director", {
      ...as("admin"),
      body: { ...director, post: "Director of the Centre" },
    });
    expect([savedStaff.status, json(savedStaff).post]).toEqual([200, "Director of the Centre"]);
    const announcement = json(await world.call("GET", "/api/announce/", as("admin")));
    expect(Object.keys(announcement)).toEqual(expect.arrayContaining(["title", "content"]));
    const announced = await world.call("PUT", "/api/announce/", {
      ...as("admin"),
      body: { title: "A new call", content: "<p>Send papers.</p>" },
    });
    expect([announced.status, json(announced).title]).toEqual([200, "A new call"]);
    const chosen = await world.call("POST", "/api/focus/", { ...as("admin"), body: { key: "homePage" } });
    expect(chosen.status).toBe(200);
    const focused = await world.call("POST", "/api/focus/", {
      ...as("admin"),
      body: { key: "aboutPage", title: "Who we are", subtitle: "Peace", content: "<p>Us</p>", file: null },
    });
    expect(focused.status).toBe(200);
    expect(json(await world.call("GET", "/api/focus/aboutPage"))).toMatchObject({
      title: "Who we are",
      subtitle: "Peace",
    });
    expect(Object.keys(json(await world.call("GET", "/api/focus/homePage")))).toEqual(
      expect.arrayContaining(["title", "subtitle"]),
    );
  });

  it("journals: list (public and an admin's own), create from an uploaded PDF, delete", async () => {
    const file = await world.uploadedPdf();
    const created = await world.call("POST", "/api/journal/create", {
      ...as("admin"),
      body: { filename: "An earlier client's article", details: "<p>Abstract</p>", file },
    });
    expect(created.status).toBe(201);
    const mine = json(
      await world.call("GET", `/api/journal/getjournals?userId=${world.ids.admin}&startIndex=0`, as("admin")),
    );
    const article = (mine.journals as { _id: string; filename: string }[]).find(
      (j) => j.filename === "An earlier client's article",
    )!;
    const listed = json(await world.call("GET", "/api/journal/getjournals"));
    expect((listed.journals as { _id: string }[]).some((j) => j._id === article._id)).toBe(true);
    const deleted = await world.call(
      "DELETE",
      `/api/journal/deletejournal/${article._id}/${world.ids.admin}`,
      as("admin"),
    );
    expect(deleted.status).toBe(200);
  });
});
