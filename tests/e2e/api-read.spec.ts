import { expect, test } from "./fixtures";

// The read calls of SPEC.md section 7, in the shapes its client used.
test.describe("the JSON API's read calls", () => {
  test("posts: pages by startIndex with a total, and single posts by id or slug", async ({ request }) => {
    const first = await (await request.get("/api/post/getposts")).json();
    expect(first.posts).toHaveLength(9);
    expect(first.total).toBeGreaterThanOrEqual(14);
    expect(first.posts[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        slug: expect.any(String),
        title: expect.any(String),
        category: expect.any(String),
        content: expect.any(String),
      }),
    );
    // Other specs publish posts meanwhile: the two lists are asked for again until no post came between.
    await expect(async () => {
      const again = await (await request.get("/api/post/getposts")).json();
      const latest = await (await request.get("/api/post/getposts?limit=3")).json();
      expect(latest.posts.map((p: { _id: string }) => p._id)).toEqual(
        again.posts.slice(0, 3).map((p: { _id: string }) => p._id),
      );
    }).toPass();
    const next = await (await request.get("/api/post/getposts?startIndex=9")).json();
    expect(next.posts[0]._id).not.toBe(first.posts[0]._id);
    const byId = await (await request.get(`/api/post/getposts?postId=${first.posts[0]._id}`)).json();
    expect(byId.posts[0].slug).toBe(first.posts[0].slug);
    const bySlug = await (await request.get(`/api/post/getposts?slug=${first.posts[0].slug}`)).json();
    expect(bySlug.posts[0]._id).toBe(first.posts[0]._id);
    const fees = await (await request.get("/api/post/getposts?category=fees")).json();
    expect(fees.posts.every((p: { category: string }) => p.category === "fees")).toBe(true);
  });

  test("journals, faculties, departments, courses, settings, staff, announcement and focus", async ({ request }) => {
    const journals = await (await request.get("/api/journal/getjournals")).json();
    expect(journals.journals).toHaveLength(9);
    expect(journals.journals[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        filename: expect.any(String),
        file: expect.stringMatching(/\.pdf$/),
      }),
    );
    const faculties = await (await request.get("/api/faculty/getfaculty")).json();
    expect(faculties.length).toBeGreaterThanOrEqual(3);
    const departments = await (await request.get("/api/departments/getdepart")).json();
    expect(departments[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        faculty: { _id: expect.any(String), name: expect.any(String) },
      }),
    );
    const department = await (await request.get(`/api/departments/getdepart/${departments[0]._id}`)).json();
    expect(department.courses).toBeInstanceOf(Array);
    const courses = await (await request.get("/api/course/getcourse")).json();
    expect(courses.length).toBeGreaterThanOrEqual(20);
    expect(courses[0]).toEqual(
      expect.objectContaining({
        code: expect.any(String),
        credits: expect.any(Number),
        department: expect.any(Object),
        faculty: expect.any(Object),
      }),
    );
    expect(await (await request.get("/api/settings/homepage")).json()).toEqual(
      expect.objectContaining({ section: "homepage", title: expect.any(String) }),
    );
    const staff = await (await request.get("/api/staff")).json();
    expect(Object.keys(staff).sort()).toEqual([
      "acad",
      "bursar",
      "depIct",
      "deputy",
      "director",
      "library",
      "registrar",
      "vc",
    ]);
    expect(staff.director.description).not.toBe("");
    expect(await (await request.get("/api/announce")).json()).toEqual({
      title: expect.any(String),
      content: expect.any(String),
    });
    expect(await (await request.get("/api/focus/homePage")).json()).toEqual(
      expect.objectContaining({ key: "homePage", title: expect.any(String) }),
    );
  });

  test("mistakes get JSON errors with a status and a message, never a 500", async ({ request }) => {
    for (const [path, status] of [
      ["/api/post/getposts?startIndex=abc", 400],
      ["/api/post/getposts?limit=-1", 400],
      ["/api/departments/getdepart/not-an-id", 404],
      ["/api/settings/nope", 404],
      ["/api/staff/nope", 404],
      ["/api/focus/nope", 404],
      ["/api/no/such/call", 404],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(await response.json()).toEqual({ success: false, statusCode: status, message: expect.any(String) });
    }
  });
});
