import * as about from "./+tabs/about/about.server";
import * as announce from "./+tabs/announce/announce.server";
import * as course from "./+tabs/course/course.server";
import * as focus from "./+tabs/focus/focus.server";
import * as journals from "./+tabs/journals/journals.server";
import * as posts from "./+tabs/posts/posts.server";
import * as profile from "./+tabs/profile/profile.server";
import * as staff from "./+tabs/staff/staff.server";
import * as users from "./+tabs/users/users.server";
import type { DashboardAction, TabServer } from "./actions.server";
import { type DashboardTab, isAdminTab } from "./registry";

/** Each tab's server module, by `?tab=` id. */
export const TAB_SERVERS = {
  profile,
  posts,
  users,
  course: { ...course, deniedMessage: course.COURSE_DENIED },
  about,
  staff,
  announce,
  focus,
  journals,
} satisfies Record<DashboardTab, TabServer>;

export type TabData<T extends DashboardTab> = Awaited<ReturnType<(typeof TAB_SERVERS)[T]["load"]>>;

/**
 * The action for a form's intent, and whether it is for admins. Any tab's form may post to the
 * bare /dashboard address, so the intent alone chooses the action, whatever `?tab=` says.
 */
export function actionFor(intent: string): { action: DashboardAction; adminOnly: boolean } | null {
  for (const [id, tab] of Object.entries(TAB_SERVERS) as [DashboardTab, TabServer][]) {
    const action = Object.hasOwn(tab.actions, intent) ? tab.actions[intent] : undefined;
    if (action) return { action, adminOnly: isAdminTab(id) };
  }
  return null;
}
