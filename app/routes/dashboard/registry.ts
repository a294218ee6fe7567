/**
 * The dashboard's tabs, in sidebar order (SPEC.md "Dashboard"): id is the `?tab=` value. Each tab
 * is a folder `+tabs/<id>/`, here or in a feature's `dashboard/` folder (the journal's three are in
 * app/journal/dashboard/+tabs/), holding `<id>.server.ts` (`load` and `actions`, see
 * registry.server.ts) and `<Name>Tab.tsx` (its screen, see views.tsx); a line here is all the rest a
 * new tab needs. Client-safe on purpose: the sidebar, the page title and the end-to-end tests read it.
 */
const TAB_REGISTRY = [
  { id: "profile", label: "Profile", adminOnly: false },
  { id: "posts", label: "Posts", adminOnly: true },
  { id: "users", label: "Users", adminOnly: true },
  { id: "course", label: "Course", adminOnly: true },
  { id: "about", label: "About", adminOnly: true },
  { id: "staff", label: "Directory", adminOnly: true },
  { id: "announce", label: "Announcement", adminOnly: true },
  { id: "focus", label: "Focus", adminOnly: true },
  { id: "journals", label: "Journals", adminOnly: true },
  // Not in SPEC.md: the journal as a periodical, its settings and its issues (issue 20).
  { id: "journal", label: "Journal settings", adminOnly: true },
  { id: "issues", label: "Issues", adminOnly: true },
  // Not in SPEC.md: every uploaded file, where it is used, its alt text and caption (issue 19).
  { id: "media", label: "Media", adminOnly: true },
  // Not in SPEC.md: deleted posts and articles, restorable for 30 days (issue 19).
  { id: "trash", label: "Trash", adminOnly: true },
  // Not in SPEC.md: who changed what, when and from where (issue 21).
  { id: "activity", label: "Activity", adminOnly: true },
  // Not in SPEC.md: the mails the site sent or is sending (issue 21).
  { id: "outbox", label: "Outbox", adminOnly: true },
] as const;

export const DASHBOARD_TABS: readonly { id: DashboardTab; label: string; adminOnly: boolean }[] = TAB_REGISTRY;

export type DashboardTab = (typeof TAB_REGISTRY)[number]["id"];

/** The tab named in the address, or profile for anything else. */
export function dashboardTab(value: string | null): DashboardTab {
  return TAB_REGISTRY.find((t) => t.id === value)?.id ?? "profile";
}

export function isAdminTab(tab: DashboardTab) {
  return TAB_REGISTRY.find((t) => t.id === tab)!.adminOnly;
}

/**
 * The one module of a tab's folder (`…/+tabs/<id>/`) that `file` picks, among those the bundler
 * found, wherever the tab's feature keeps its folder; undefined when there is none or more than one.
 */
export function tabModule<T>(modules: Record<string, T>, id: string, file: (path: string) => boolean) {
  const found = Object.keys(modules).filter((path) => path.includes(`/+tabs/${id}/`) && file(path));
  return found.length === 1 ? { path: found[0], module: modules[found[0]] } : undefined;
}
