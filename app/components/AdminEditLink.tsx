import { Link, useRouteLoaderData } from "react-router";

import type { Area } from "~/domain/roles";

/**
 * "Edit" on a public page, for those whose roles work on its area only: it leads to the dashboard tab or editor that
 * changes what the page shows. Signed-out visitors never get it, so the page cache (which keeps
 * only renders that found no signed-in user) never holds it. The session's user is the root
 * loader's, read here so that no page has to pass it along.
 */
export function AdminEditLink({
  to,
  what,
  area,
}: {
  to: string;
  /** What the page belongs to (roles.ts): the link shows to those who may work on it. */
  area: Area;
  /** What is edited, for screen readers: "Edit" + " this post". */
  what: string;
}) {
  const user = useRouteLoaderData<{ user?: { areas: Area[] } | null }>("root")?.user;
  if (!user?.areas.includes(area)) return null;
  return (
    <Link
      to={to}
      className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-navy-800 px-5 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 dark:bg-gold-500 dark:text-navy-950 dark:hover:bg-gold-400 print:hidden"
    >
      Edit<span className="sr-only"> {what}</span>
    </Link>
  );
}
