import { type Area, mayWorkOnAny, type Role } from "~/domain/roles";

/**
 * The dashboard's tabs, in sidebar order (SPEC.md "Dashboard"): id is the `?tab=` value. Each tab
 * is a folder `+tabs/<id>/`, here or in a feature's `dashboard/` folder (the journal's three are in
 * app/journal/dashboard/+tabs/), holding `<id>.server.ts` (`load` and `actions`, see
 * registry.server.ts) and `<Name>Tab.tsx` (its screen, see views.tsx); a line here is all the rest a
 * new tab needs. Client-safe on purpose: the sidebar, the page title and the end-to-end tests read it.
 */
const TAB_REGISTRY = [
  { id: "profile", label: "Profile", areas: [] },
  { id: "posts", label: "Posts", areas: ["news"] },
  // Not in SPEC.md: the news categories, kept by editors (issue 33).
  { id: "categories", label: "Categories", areas: ["news"] },
  { id: "users", label: "Users", areas: ["people"] },
  { id: "course", label: "Course", areas: ["site"] },
  { id: "about", label: "About", areas: ["site"] },
  { id: "staff", label: "Directory", areas: ["site"] },
  // The journal's call for papers (decision 040), SPEC.md's Announcement tab: the journal's to edit,
  // but a journal manager's work starts at the articles (`lands`).
  { id: "announce", label: "Announcement", areas: ["journal"], lands: false },
  { id: "focus", label: "Focus", areas: ["site"] },
  // SPEC.md's "Journals" tab: SPEC-NOTES.md calls the articles what they are.
  { id: "journals", label: "Articles", areas: ["journal"] },
  // Not in SPEC.md: the journal as a periodical, its settings and its issues (issue 20).
  { id: "journal", label: "Journal settings", areas: ["journal"] },
  { id: "issues", label: "Issues", areas: ["journal"] },
  // Not in SPEC.md: submissions and peer review (issue 34): the editor's desk and its settings.
  { id: "submissions", label: "Submissions", areas: ["submissions"] },
  { id: "submission-settings", label: "Submission settings", areas: ["submissions"], lands: false },
  // Not in SPEC.md: readership by COUNTER's rules (issue 35): what was read, how often, from where.
  { id: "analytics", label: "Analytics", areas: ["readership"], lands: false },
  // Not in SPEC.md: every uploaded file, where it is used, its alt text and caption (issue 19).
  { id: "media", label: "Media", areas: ["media"] },
  // Not in SPEC.md: deleted posts and articles, restorable for 30 days (issue 19), each by whoever
  // may work on its kind.
  { id: "trash", label: "Trash", areas: ["news", "journal"] },
  // Not in SPEC.md: the COUNTER API's keys (issue 35), an admin's, until the Analytics tab shows them.
  { id: "counter-api", label: "COUNTER API", areas: ["site"] },
  // Not in SPEC.md: who changed what, when and from where (issue 21).
  { id: "activity", label: "Activity", areas: ["people"] },
  // Not in SPEC.md: the mails the site sent or is sending (issue 21).
  { id: "outbox", label: "Outbox", areas: ["people"] },
] as const satisfies readonly { id: string; label: string; areas: readonly Area[]; lands?: false }[];

export const DASHBOARD_TABS: readonly { id: DashboardTab; label: string; areas: readonly Area[]; lands?: false }[] =
  TAB_REGISTRY;

export type DashboardTab = (typeof TAB_REGISTRY)[number]["id"];

/** The tab named in the address, or profile for anything else. */
export function dashboardTab(value: string | null): DashboardTab {
  return TAB_REGISTRY.find((t) => t.id === value)?.id ?? "profile";
}

/** The areas a tab works on: who holds a role for any of them may open it (none: anyone signed in). */
export function tabAreas(tab: DashboardTab): readonly Area[] {
  return TAB_REGISTRY.find((t) => t.id === tab)!.areas;
}

/** The tabs someone holding `roles` may open, in sidebar order. */
export function tabsFor(roles: readonly Role[]) {
  return DASHBOARD_TABS.filter((tab) => mayWorkOnAny(roles, tab.areas));
}

/** Where someone's work starts (the sign-in, an accepted invitation): their first tab that is not the profile. */
export function workTab(roles: readonly Role[]) {
  return tabsFor(roles).find((tab) => tab.id !== "profile" && tab.lands !== false);
}

/**
 * The one module of a tab's folder (`…/+tabs/<id>/`) that `file` picks, among those the bundler
 * found, wherever the tab's feature keeps its folder; undefined when there is none or more than one.
 */
export function tabModule<T>(modules: Record<string, T>, id: string, file: (path: string) => boolean) {
  const found = Object.keys(modules).filter((path) => path.includes(`/+tabs/${id}/`) && file(path));
  return found.length === 1 ? { path: found[0], module: modules[found[0]] } : undefined;
}
