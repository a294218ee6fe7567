import { data, redirect } from "react-router";
import type { z } from "zod";

import { type JournalRow, JournalsTab, type PostRow, PostsTab } from "~/components/dashboard/ContentTabs";
import { type CourseLists, CourseTab } from "~/components/dashboard/CourseTab";
import { ProfileTab } from "~/components/dashboard/ProfileTab";
import { Sidebar } from "~/components/dashboard/Sidebar";
import { AnnouncementTab, FocusTab, SettingsTab, StaffTab } from "~/components/dashboard/SiteTabs";
import { DASHBOARD_TABS, dashboardTab, isAdminTab } from "~/components/dashboard/tabs";
import { type UserListItem, UsersTab } from "~/components/dashboard/UsersTab";
import type { ListPage } from "~/components/ShowMore";
import {
  FOCUS_KEYS,
  type FocusKey,
  SETTINGS_SECTIONS,
  type SettingsSection,
  STAFF_ROLES,
  type StaffRole,
} from "~/domain/vocabulary";
import { SECTION_LABELS, STAFF_ROLE_LABELS } from "~/domain/vocabulary";
import { firstError, profileSchema } from "~/lib/account-rules";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { announcementSchema, focusSchema, settingsSchema, staffSchema } from "~/lib/forms/site-content";
import { pageTitle } from "~/lib/meta";
import { fieldsOf, readForm } from "~/lib/read-form.server";
import type { FocusRecord, StaffRecord } from "~/lib/site-content";
import { SETTINGS_FIELDS } from "~/lib/site-content";
import { services } from "~/runtime.server";
import { NotFoundError, ServiceError } from "~/services/errors.server";
import { JOURNALS_PAGE_SIZE, pageNumber, POSTS_PAGE_SIZE, USERS_PAGE_SIZE } from "~/services/pagination";
import { NOT_ALLOWED, requireAdmin, requireUser } from "~/web/session.server";

import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // SPEC.md's sign-in went to /Dashboard: send every other spelling to the one address.
  // (Route matching ignores case; only the spelling differs.)
  if (!url.pathname.startsWith("/dashboard")) throw redirect(`/dashboard${url.search}`);
  const user = await requireUser(request);
  const tab = dashboardTab(url.searchParams.get("tab"));
  if (isAdminTab(tab) && !user.isAdmin) {
    throw data(
      { message: tab === "course" ? "Access denied. Admin privileges required." : NOT_ALLOWED },
      { status: 403 },
    );
  }

  const page = pageNumber(url.searchParams.get("page"));
  const s = await services();
  let users: ListPage<UserListItem> | null = null;
  let posts: ListPage<PostRow> | null = null;
  let journals: ListPage<JournalRow> | null = null;
  if (tab === "users") {
    const result = await s.accounts.listUsers({ startIndex: (page - 1) * USERS_PAGE_SIZE });
    users = { items: result.items, hasMore: result.hasMore, page };
  } else if (tab === "posts") {
    const result = await s.posts.list({ startIndex: (page - 1) * POSTS_PAGE_SIZE });
    posts = {
      items: result.items.map(({ id, slug, title, category, image, updatedAt }) => ({
        id,
        slug,
        title,
        category,
        image,
        updatedAt,
      })),
      hasMore: result.hasMore,
      page,
    };
  } else if (tab === "journals") {
    const result = await s.journals.list({ startIndex: (page - 1) * JOURNALS_PAGE_SIZE });
    journals = {
      items: result.items.map(({ id, slug, filename, updatedAt }) => ({ id, slug, filename, updatedAt })),
      hasMore: result.hasMore,
      page,
    };
  }
  // The site-content tabs: one record at a time, chosen in the address.
  let settings: { section: SettingsSection; fields: Record<string, string> | null } | null = null;
  let staff: { role: StaffRole; record: StaffRecord | null } | null = null;
  let announcement: { title: string; content: string } | null = null;
  let focus: FocusRecord | null = null;
  let courseLists: CourseLists | null = null;
  if (tab === "course") {
    courseLists = await s.academicsAdmin.lists().catch((error: unknown) => {
      console.error(`course tab: ${(error as Error).message}`);
      return null;
    });
  } else if (tab === "about") {
    const section = (SETTINGS_SECTIONS as readonly string[]).includes(url.searchParams.get("section") ?? "")
      ? (url.searchParams.get("section") as SettingsSection)
      : "about";
    settings = { section, fields: await s.siteContent.settings(section).catch(() => null) };
  } else if (tab === "staff") {
    const role = (STAFF_ROLES as readonly string[]).includes(url.searchParams.get("role") ?? "")
      ? (url.searchParams.get("role") as StaffRole)
      : "vc";
    staff = {
      role,
      record: await s.siteContent.staff().then(
        (all) => all.find((r) => r.role === role) ?? null,
        () => null,
      ),
    };
  } else if (tab === "announce") {
    announcement = await s.siteContent.announcement();
  } else if (tab === "focus") {
    const key = (FOCUS_KEYS as readonly string[]).includes(url.searchParams.get("page") ?? "")
      ? (url.searchParams.get("page") as FocusKey)
      : "homePage";
    focus = await s.siteContent.focus(key);
  }
  return {
    user,
    tab,
    users,
    posts,
    journals,
    settings,
    staff,
    announcement,
    focus,
    courseLists,
    confirm: url.searchParams.get("confirm"),
    updated: url.searchParams.get("updated") === "1",
  };
}

type ActionResult = {
  intent: string;
  ok: boolean;
  message: string;
  holds?: { kind: "faculty" | "department" | "course"; id: string; departments: number; courses: number };
};

const KIND_NAMES = { faculty: "Faculty", department: "Department", course: "Course" } as const;

/**
 * A settings or staff save writes the record chosen in the pick list, with the fields of the record
 * the page loaded (`loaded`). They must be the same record: otherwise one record's words would be
 * written into another (a choice made without pressing Load, or a forged form). Nothing is saved.
 */
function loadedMismatch(loaded: string, chosen: string, labels: Record<string, string>, kind: "section" | "role") {
  if (!(loaded in labels)) {
    return {
      status: 400,
      message: `Nothing was saved: the form did not say which ${kind} its fields came from. Load the ${kind} again and make your changes.`,
    };
  }
  if (loaded !== chosen) {
    return {
      status: 409,
      message: `Nothing was saved: the fields on screen are those of ${labels[loaded]}, but ${labels[chosen]} is chosen. Press Load to edit ${labels[chosen]}, or choose ${labels[loaded]} again to save these fields.`,
    };
  }
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // Every dashboard action needs a signed-in user: checked before the body is read.
  await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const { accounts } = await services();
  const reply = (ok: boolean, message: string, status = ok ? 200 : 400, headers?: Headers) =>
    data<ActionResult>({ intent, ok, message }, { status, headers });

  switch (intent) {
    case "update-profile": {
      const user = await requireUser(request);
      const input = {
        username: String(form.get("username") ?? "").trim() || undefined,
        email: String(form.get("email") ?? "").trim() || undefined,
        password: String(form.get("password") ?? "") || undefined,
        currentPassword: String(form.get("currentPassword") ?? "") || undefined,
        image: String(form.get("profilePhoto") ?? "") || undefined,
      };
      const parsed = profileSchema.safeParse(input);
      if (!parsed.success) return reply(false, firstError(parsed.error));
      const result = await accounts.updateProfile(request, user, parsed.data);
      // A 429 keeps its Retry-After.
      if (!result.ok)
        return reply(false, result.message, result.status, result.status === 429 ? result.headers : undefined);
      // A new password ends every session and starts a new one for this browser: the page is then
      // loaded again with the new cookie (rendering it now, with the old one, would sign out).
      if (result.headers?.has("set-cookie"))
        return redirect("/dashboard?tab=profile&updated=1", { headers: result.headers });
      return reply(true, result.message ?? "Profile Updated Successfully", 200, result.headers);
    }
    case "delete-account": {
      const user = await requireUser(request);
      const result = await accounts.deleteOwnAccount(request, user);
      if (!result.ok) return reply(false, result.message, result.status);
      return redirect("/", { headers: result.headers });
    }
    case "delete-user":
    case "set-admin": {
      await requireAdmin(request);
      const userId = String(form.get("userId") ?? "");
      try {
        if (intent === "delete-user") {
          const removed = await accounts.deleteUser(userId);
          return reply(true, `${removed.username} deleted successfully!`);
        }
        const makeAdmin = form.get("admin") === "true";
        const changed = await accounts.setAdmin(userId, makeAdmin);
        return reply(
          true,
          makeAdmin ? `${changed.username} is now an admin.` : `${changed.username} is no longer an admin.`,
        );
      } catch (error) {
        if (error instanceof ServiceError) return reply(false, error.message, error.status);
        throw error;
      }
    }
    case "delete-post": {
      await requireAdmin(request);
      try {
        await (await services()).posts.remove(String(form.get("postId") ?? ""));
      } catch (error) {
        if (error instanceof NotFoundError) return reply(false, error.message, 404);
        throw error;
      }
      return reply(true, "Post deleted successfully!");
    }
    case "delete-journal": {
      await requireAdmin(request);
      try {
        await (await services()).journals.remove(String(form.get("journalId") ?? ""));
      } catch (error) {
        if (error instanceof NotFoundError) return reply(false, error.message, 404);
        throw error;
      }
      return reply(true, "Journal deleted successfully!");
    }
    // Load without scripts: the pick list is in the form with the fields (see RecordPicker).
    case "load-settings": {
      await requireAdmin(request);
      const section = String(form.get("section") ?? "");
      return redirect(
        `/dashboard?tab=about&section=${(SETTINGS_SECTIONS as readonly string[]).includes(section) ? section : "about"}`,
      );
    }
    case "load-staff": {
      await requireAdmin(request);
      const role = String(form.get("role") ?? "");
      return redirect(`/dashboard?tab=staff&role=${(STAFF_ROLES as readonly string[]).includes(role) ? role : "vc"}`);
    }
    case "save-settings": {
      await requireAdmin(request);
      const section = String(form.get("section") ?? "");
      if (!(SETTINGS_SECTIONS as readonly string[]).includes(section))
        return reply(false, "Choose a section from the list.");
      const mismatch = loadedMismatch(
        String(form.get("loaded") ?? ""),
        section,
        SECTION_LABELS as Record<string, string>,
        "section",
      );
      if (mismatch) return reply(false, mismatch.message, mismatch.status);
      const parsed = settingsSchema(section as SettingsSection).safeParse(
        fieldsOf(form, SETTINGS_FIELDS[section as SettingsSection]),
      );
      if (!parsed.success) return reply(false, firstError(parsed.error));
      try {
        await (
          await services()
        ).siteContent.saveSettings(section as SettingsSection, parsed.data as Record<string, string>);
      } catch (error) {
        if (error instanceof ServiceError) return reply(false, error.message, error.status);
        console.error(`save-settings: ${(error as Error).message}`);
        return reply(false, "Failed to save", 500);
      }
      return reply(true, "Section updated successfully!");
    }
    case "save-staff": {
      await requireAdmin(request);
      const parsed = staffSchema.safeParse(fieldsOf(form, ["role", "name", "post", "email", "description", "photo"]));
      if (!parsed.success) return reply(false, firstError(parsed.error));
      const { role, ...record } = parsed.data;
      const mismatch = loadedMismatch(String(form.get("loaded") ?? ""), role, STAFF_ROLE_LABELS, "role");
      if (mismatch) return reply(false, mismatch.message, mismatch.status);
      try {
        await (await services()).siteContent.saveStaff(role, record);
      } catch (error) {
        if (error instanceof ServiceError) return reply(false, error.message, error.status);
        console.error(`save-staff: ${(error as Error).message}`);
        return reply(false, "Failed to save", 500);
      }
      return reply(true, "Staff updated successfully!");
    }
    case "save-announcement": {
      await requireAdmin(request);
      const parsed = announcementSchema.safeParse(fieldsOf(form, ["title", "content"]));
      if (!parsed.success) return reply(false, firstError(parsed.error));
      try {
        await (await services()).siteContent.saveAnnouncement(parsed.data);
      } catch {
        return reply(false, "Submission failed", 500);
      }
      return reply(true, "Announcement updated successfully!");
    }
    case "save-focus": {
      await requireAdmin(request);
      const parsed = focusSchema.safeParse(fieldsOf(form, ["key", "title", "subtitle", "content"]));
      if (!parsed.success) return reply(false, "Error submitting form");
      try {
        await (await services()).siteContent.saveFocus(parsed.data);
      } catch {
        return reply(false, "Error submitting form", 500);
      }
      return reply(true, "Form submitted successfully");
    }
    case "create-faculty":
    case "create-department":
    case "create-course":
    case "update-faculty":
    case "update-department":
    case "update-course": {
      await requireAdmin(request);
      const [verb, kind] = intent.split("-") as ["create" | "update", keyof typeof KIND_NAMES];
      const schema = kind === "faculty" ? facultySchema : kind === "department" ? departmentSchema : courseSchema;
      const fields =
        kind === "faculty"
          ? ["name"]
          : kind === "department"
            ? ["name", "facultyId", "departimage", "content"]
            : ["name", "code", "credits", "semester", "description", "departmentId", "facultyId"];
      const parsed = schema.safeParse(fieldsOf(form, fields));
      if (!parsed.success) return reply(false, firstError(parsed.error));
      const admin = (await services()).academicsAdmin;
      const id = String(form.get("id") ?? "");
      try {
        if (kind === "faculty") {
          const { name } = parsed.data as z.infer<typeof facultySchema>;
          await (verb === "create" ? admin.createFaculty(name) : admin.updateFaculty(id, name));
        } else if (kind === "department") {
          const values = parsed.data as z.infer<typeof departmentSchema>;
          await (verb === "create" ? admin.createDepartment(values) : admin.updateDepartment(id, values));
        } else {
          const values = parsed.data as z.infer<typeof courseSchema>;
          await (verb === "create" ? admin.createCourse(values) : admin.updateCourse(id, values));
        }
      } catch (error) {
        if (error instanceof ServiceError) return reply(false, `Error: ${error.message}`, error.status);
        console.error(`${intent}: ${(error as Error).message}`);
        return reply(false, verb === "create" ? "Failed to create" : "Failed to save", 500);
      }
      return reply(true, verb === "create" ? "Created successfully!" : `${KIND_NAMES[kind]} updated successfully!`);
    }
    case "delete-faculty":
    case "delete-department":
    case "delete-course": {
      await requireAdmin(request);
      const kind = intent.slice("delete-".length) as keyof typeof KIND_NAMES;
      const id = String(form.get("id") ?? "");
      // The numbers the person was shown and confirmed, when they were asked to delete everything inside.
      const confirmed =
        form.get("together") === "1"
          ? { departments: Number(form.get("departments")), courses: Number(form.get("courses")) }
          : undefined;
      const admin = (await services()).academicsAdmin;
      try {
        const outcome =
          kind === "faculty"
            ? await admin.deleteFaculty(id, confirmed)
            : kind === "department"
              ? await admin.deleteDepartment(id, confirmed)
              : await admin.deleteCourse(id);
        if (!outcome.deleted) {
          // Not empty: say what it holds and ask again.
          return data<ActionResult>(
            { intent, ok: false, message: "", holds: { kind, id, ...outcome.holds } },
            { status: 409 },
          );
        }
      } catch (error) {
        if (error instanceof ServiceError)
          return reply(false, `Error deleting ${kind}: ${error.message}`, error.status);
        console.error(`${intent}: ${(error as Error).message}`);
        return reply(false, "Failed to delete", 500);
      }
      return reply(true, `${KIND_NAMES[kind]} deleted successfully!`);
    }
    default:
      return reply(false, "Unknown action.");
  }
}

/** A refused attempt's Retry-After goes out with the page that says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const label = DASHBOARD_TABS.find((t) => t.id === loaderData?.tab)?.label ?? "Dashboard";
  return [{ title: pageTitle(matches, `${label} · Dashboard`) }];
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, tab, users, posts, journals, settings, staff, announcement, focus, courseLists, confirm, updated } =
    loaderData;
  const result = actionData?.intent
    ? actionData
    : updated
      ? { intent: "update-profile", ok: true, message: "Profile Updated Successfully" }
      : undefined;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)]">
      {/* The page's title for screen readers' heading list; each tab's own heading is an h2 under it. */}
      <h1 className="sr-only">Dashboard</h1>
      <aside className="min-w-0">
        <Sidebar active={tab} isAdmin={user.isAdmin} />
      </aside>
      <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card">
        {tab === "profile" && (
          <ProfileTab
            key={user.username + user.email}
            user={user}
            result={result}
            confirmOpen={confirm === "delete-account"}
          />
        )}
        {tab === "users" && users && (
          <UsersTab users={users} currentUserId={user.id} confirmId={confirm} result={result} />
        )}
        {tab === "posts" && posts && <PostsTab posts={posts} confirmId={confirm} result={result} />}
        {tab === "journals" && journals && <JournalsTab journals={journals} confirmId={confirm} result={result} />}
        {tab === "about" && settings && (
          <SettingsTab section={settings.section} fields={settings.fields} result={result} />
        )}
        {tab === "staff" && staff && <StaffTab role={staff.role} record={staff.record} result={result} />}
        {tab === "announce" && announcement && <AnnouncementTab announcement={announcement} result={result} />}
        {tab === "focus" && focus && <FocusTab key={focus.key} focus={focus} result={result} />}
        {tab === "course" && <CourseTab lists={courseLists} result={result} />}
      </div>
    </div>
  );
}
