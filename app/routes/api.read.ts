import { FOCUS_KEYS, SETTINGS_SECTIONS, STAFF_ROLES, type FocusKey, type SettingsSection } from "~/db/schema";
import { apiError } from "~/lib/api-response.server";
import { services } from "~/runtime.server";
import { normalisePage } from "~/services/pagination";
import type { Route } from "./+types/api.read";

/**
 * The read calls of SPEC.md section 7, in the shapes its browser client used (records carry
 * `_id`), through the same services as the pages. Write calls arrive with the API issue.
 */

type Json = Record<string, unknown> | unknown[];

const ok = (body: Json) => Response.json(body, { headers: { "Cache-Control": "no-store" } });

const toPost = (p: { id: string; slug: string; title: string; category: string; image: string; content: string; userId: string | null; createdAt: Date; updatedAt: Date }) => ({
  _id: p.id,
  slug: p.slug,
  title: p.title,
  category: p.category,
  image: p.image,
  content: p.content,
  userId: p.userId,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

const toJournal = (j: { id: string; slug: string; filename: string; details: string; file: string; createdAt: Date; updatedAt: Date }) => ({
  _id: j.id,
  id: j.id,
  slug: j.slug,
  filename: j.filename,
  details: j.details,
  file: j.file,
  createdAt: j.createdAt,
  updatedAt: j.updatedAt,
});

/** A whole-number query parameter, or undefined; anything else is the caller's mistake. */
function wholeNumber(params: URLSearchParams, name: string): number | undefined | Response {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw)) return apiError(400, `${name} must be a whole number.`);
  return Number(raw);
}

async function route(request: Request, path: string): Promise<Response> {
  const s = await services();
  const query = new URL(request.url).searchParams;
  const segments = path.split("/").filter(Boolean);

  if (path === "post/getposts") {
    const startIndex = wholeNumber(query, "startIndex");
    const limit = wholeNumber(query, "limit");
    if (startIndex instanceof Response) return startIndex;
    if (limit instanceof Response) return limit;
    const postId = query.get("postId");
    const slug = query.get("slug");
    if (postId || slug) {
      const post = postId ? await s.posts.byId(postId) : await s.posts.bySlug(slug!);
      return ok({ posts: post ? [toPost(post)] : [], total: post ? 1 : 0 });
    }
    const filter = { category: query.get("category") ?? undefined, userId: query.get("userId") ?? undefined };
    const page = normalisePage({ startIndex, limit }, 9);
    const [list, total] = await Promise.all([s.posts.list({ ...filter, ...page }), s.posts.count(filter)]);
    return ok({ posts: list.items.map(toPost), total, totalPosts: total });
  }
  if (path === "journal/getjournals") {
    const startIndex = wholeNumber(query, "startIndex");
    const limit = wholeNumber(query, "limit");
    if (startIndex instanceof Response) return startIndex;
    if (limit instanceof Response) return limit;
    const filter = { userId: query.get("userId") ?? undefined };
    const [list, total] = await Promise.all([s.journals.list({ ...filter, ...normalisePage({ startIndex, limit }, 9) }), s.journals.count(filter)]);
    return ok({ journals: list.items.map(toJournal), total });
  }
  if (path === "faculty/getfaculty") {
    const { faculties } = await s.academicsAdmin.lists();
    return ok(faculties.map((f) => ({ _id: f.id, name: f.name })));
  }
  if (path === "departments/getdepart") {
    const { departments } = await s.academicsAdmin.lists();
    return ok(departments.map((d) => ({ _id: d.id, name: d.name, faculty: { _id: d.facultyId, name: d.facultyName }, departimage: d.departimage, content: d.content })));
  }
  if (segments[0] === "departments" && segments[1] === "getdepart" && segments.length === 3) {
    const department = await s.academics.departmentPage(segments[2]);
    if (!department) return apiError(404, "Department not found.");
    return ok({
      _id: department.id,
      name: department.name,
      faculty: { _id: department.facultyId, name: department.facultyName },
      departimage: department.departimage,
      content: department.content,
      courses: department.courses.map((c) => ({ _id: c.id, name: c.name, code: c.code, credits: c.credits, semester: c.semester, description: c.description })),
    });
  }
  if (path === "course/getcourse") {
    const { courses } = await s.academicsAdmin.lists();
    return ok(
      courses.map((c) => ({
        _id: c.id,
        name: c.name,
        code: c.code,
        credits: c.credits,
        semester: c.semester,
        description: c.description,
        department: { _id: c.departmentId, name: c.departmentName },
        faculty: { _id: c.facultyId, name: c.facultyName },
      })),
    );
  }
  if (segments[0] === "settings" && segments.length === 2) {
    if (!(SETTINGS_SECTIONS as readonly string[]).includes(segments[1])) return apiError(404, "There is no such settings section.");
    return ok({ section: segments[1], ...(await s.siteContent.settings(segments[1] as SettingsSection)) });
  }
  if (segments[0] === "staff" && segments.length <= 2) {
    const staff = await s.siteContent.staff();
    const record = (r: (typeof staff)[number]) => ({ role: r.role, name: r.name, post: r.post, email: r.email, description: r.description, photo: r.photo });
    if (segments.length === 2) {
      const one = staff.find((r) => r.role === segments[1]);
      if (!one || !(STAFF_ROLES as readonly string[]).includes(segments[1])) return apiError(404, "There is no such staff role.");
      return ok(record(one));
    }
    return ok(Object.fromEntries(staff.map((r) => [r.role, record(r)])));
  }
  if (segments[0] === "announce" && segments.length === 1) return ok(await s.siteContent.announcement());
  if (segments[0] === "focus" && segments.length === 2) {
    if (!(FOCUS_KEYS as readonly string[]).includes(segments[1])) return apiError(404, "There is no such focus page.");
    return ok(await s.siteContent.focus(segments[1] as FocusKey));
  }
  return apiError(404, "There is no such API call.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return route(request, params["*"] ?? "");
}

export async function action({ request }: Route.ActionArgs) {
  return apiError(405, `${request.method} is not supported here yet.`);
}
