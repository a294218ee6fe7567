import type { SessionUser } from "~/accounts/accounts.server";
import type { Department } from "~/services/academics.server";
import type { Post } from "~/services/posts.server";

/** Where a post or article stands: fields beyond SPEC.md's, for clients that edit. */
export const editorialJson = (r: Pick<Post, "status" | "publishAt" | "version">) => ({
  status: r.status as Post["status"] & ("draft" | "scheduled" | "published"),
  publishAt: r.publishAt ? r.publishAt.toISOString() : null,
  version: r.version,
});

/** Domain records in the JSON API's shapes: `_id`, and the names SPEC.md section 3 uses. */

export const userJson = (u: SessionUser) => ({
  _id: u.id,
  username: u.username,
  email: u.email,
  profilePhoto: u.image,
  isAdmin: u.isAdmin,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

export const postJson = (p: Post) => ({
  _id: p.id,
  slug: p.slug,
  title: p.title,
  category: p.category as Post["category"],
  image: p.image,
  content: p.content,
  excerpt: p.excerpt,
  userId: p.userId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  ...editorialJson(p),
});

export const facultyJson = (f: { id: string; name: string }) => ({ _id: f.id, name: f.name });

export const departmentJson = (d: Department & { facultyName: string }) => ({
  _id: d.id,
  name: d.name,
  faculty: { _id: d.facultyId, name: d.facultyName },
  departimage: d.departimage,
  content: d.content,
});

type CourseLike = { id: string; name: string; code: string; credits: number; semester: string; description: string };

export const courseCoreJson = (c: CourseLike) => ({
  _id: c.id,
  name: c.name,
  code: c.code,
  credits: c.credits,
  semester: c.semester,
  description: c.description,
});

export const courseJson = (
  c: CourseLike & { departmentId: string; departmentName: string; facultyId: string; facultyName: string },
) => ({
  ...courseCoreJson(c),
  department: { _id: c.departmentId, name: c.departmentName },
  faculty: { _id: c.facultyId, name: c.facultyName },
});
