import { data, redirect } from "react-router";

import { readForm } from "~/lib/read-form.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { UnsavedChangesGuard } from "~/lib/unsaved-changes";
import { dashboardEntry, openAdminActivity } from "~/web/activity.server";
import { requireRole, requireUser } from "~/web/session.server";

import { replyFor } from "../dashboard/actions.server";
import { DASHBOARD_TABS, dashboardTab, tabAreas } from "../dashboard/registry";
import type { Route } from "./+types/dashboard";
import { actionFor, TAB_SERVERS } from "./dashboard/registry.server";
import { Sidebar } from "./dashboard/Sidebar";
import { PROFILE_SAVED, TAB_VIEWS } from "./dashboard/views";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // SPEC.md's sign-in went to /Dashboard: send every other spelling to the one address.
  // (Route matching ignores case; only the spelling differs.)
  if (!url.pathname.startsWith("/dashboard")) throw redirect(`/dashboard${url.search}`);
  const tab = dashboardTab(url.searchParams.get("tab"));
  const server = TAB_SERVERS[tab];
  const user = await requireRole(request, tabAreas(tab), server.deniedMessage);
  const started = performance.now();
  const view = await server.load({ request, url, user });
  // What the tab's own loading (its queries) took, for the browser's developer tools and the
  // benchmarks (bench/readership.mjs); the page is only ever the signed-in staff's.
  const took = `tab;desc="${tab}";dur=${(performance.now() - started).toFixed(1)}`;
  return data(
    {
      user,
      tab,
      view,
      confirm: url.searchParams.get("confirm"),
      updated: url.searchParams.get("updated") === "1",
    },
    { headers: { "Server-Timing": took } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  // Every dashboard action needs a signed-in user: checked before the body is read.
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const found = actionFor(intent);
  if (!found) return replyFor(intent)(false, "Unknown action.");
  // Checked before anything is logged or changed: a refused attempt leaves no trace but the 403.
  await requireRole(request, found.action.areaOf?.(form) ?? found.areas);
  // Every admin's write is logged here, once, whatever the tab (decision 024); a read is not.
  const activity = found.action.reads
    ? null
    : openAdminActivity(request, user, dashboardEntry(found.tab, intent, form));
  return found.action({ request, form, user, activity });
}

/**
 * A refused attempt's Retry-After goes out with the page that says when to try again; a page's
 * Server-Timing says how long its tab took to load.
 */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const timing = loaderHeaders.get("Server-Timing");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const label = DASHBOARD_TABS.find((t) => t.id === loaderData?.tab)?.label ?? "Dashboard";
  return [{ title: pageTitle(matches, `${label} · Dashboard`) }, NOINDEX];
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, tab, view, confirm, updated } = loaderData;
  const Tab = TAB_VIEWS[tab];
  const result = actionData?.intent ? actionData : updated ? PROFILE_SAVED : undefined;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10 sm:px-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      {/* The page's title for screen readers' heading list; each tab's own heading is an h2 under it. */}
      <h1 className="sr-only">Dashboard</h1>
      <UnsavedChangesGuard />
      <aside className="min-w-0">
        <Sidebar active={tab} roles={user.roles} />
      </aside>
      <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card">
        <Tab data={view} user={user} result={result} confirm={confirm} />
      </div>
    </div>
  );
}
