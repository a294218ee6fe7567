import { Form, Link } from "react-router";

import { type DASHBOARD_TABS, type DashboardTab, tabsFor } from "~/dashboard/registry";
import { type Role, ROLE_LABELS, rolesLabel } from "~/domain/roles";

/** The tabs the person's roles open, and nothing else (issue 33). */
export function Sidebar({ active, roles }: { active: DashboardTab; roles: Role[] }) {
  const tabs = tabsFor(roles);
  return (
    <nav
      aria-label="Dashboard"
      className="tabs-scope relative rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700/60 dark:bg-night-card"
    >
      <ul className="tabs-strip flex gap-1 overflow-x-auto md:flex-col">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <SidebarLink tab={tab} current={tab.id === active} roles={roles} />
          </li>
        ))}
        <li className="md:mt-2 md:border-t md:border-slate-200 md:pt-2 md:dark:border-slate-700">
          <Form method="post" action="/signout">
            <button
              type="submit"
              className="w-full rounded-md px-3 py-2.5 text-left text-sm font-semibold whitespace-nowrap text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/50"
            >
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
      {/* On phones the tabs are a strip that scrolls sideways: a fade at its end says so (app.css). */}
      <div
        aria-hidden="true"
        data-testid="tabs-more"
        className="tabs-more absolute inset-y-3 right-3 flex w-12 items-center justify-end bg-gradient-to-l from-white from-40% to-transparent text-lg font-bold text-slate-500 md:hidden dark:from-night-card dark:text-slate-400"
      >
        ›
      </div>
    </nav>
  );
}

/** One tab's entry; the profile entry also names the account's roles. */
function SidebarLink({
  tab,
  current,
  roles,
}: {
  tab: (typeof DASHBOARD_TABS)[number];
  current: boolean;
  roles: Role[];
}) {
  return (
    <Link
      to={`/dashboard?tab=${tab.id}`}
      aria-current={current ? "page" : undefined}
      className={`flex items-center justify-between gap-3 rounded-md px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition ${
        current
          ? "bg-navy-800 text-white dark:bg-gold-500 dark:text-navy-950"
          : "text-slate-700 hover:bg-navy-50 dark:text-slate-200 dark:hover:bg-navy-900"
      }`}
    >
      {tab.label}
      {tab.id === "profile" && (
        <span
          className={`rounded px-1.5 py-0.5 text-[11px] font-bold tracking-wide uppercase ${
            current ? "bg-white/20" : "bg-navy-50 text-navy-700 dark:bg-navy-800 dark:text-gold-300"
          }`}
        >
          {roles.length > 1 ? `${ROLE_LABELS[roles[0]]} +${roles.length - 1}` : rolesLabel(roles)}
        </span>
      )}
    </Link>
  );
}
