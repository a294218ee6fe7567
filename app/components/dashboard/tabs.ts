/** The dashboard's sidebar entries (SPEC.md "Dashboard"): id is the ?tab= value. */
export const DASHBOARD_TABS = [
  { id: "profile", label: "Profile", adminOnly: false },
  { id: "posts", label: "Posts", adminOnly: true },
  { id: "users", label: "Users", adminOnly: true },
  { id: "course", label: "Course", adminOnly: true },
  { id: "about", label: "About", adminOnly: true },
  { id: "staff", label: "Directory", adminOnly: true },
  { id: "announce", label: "Announcement", adminOnly: true },
  { id: "focus", label: "Focus", adminOnly: true },
  { id: "journals", label: "Journals", adminOnly: true },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** The tab named in the address, or profile for anything else. */
export function dashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.id === value)?.id ?? "profile";
}

export function isAdminTab(tab: DashboardTab) {
  return DASHBOARD_TABS.find((t) => t.id === tab)!.adminOnly;
}
