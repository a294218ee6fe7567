import { requireAdmin } from "~/lib/session.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/admin-placeholder";

/** /create-post, /create-journal and /update-post/{id}: admins only; the editors arrive with the publishing issue. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const path = new URL(request.url).pathname;
  return { title: path.startsWith("/create-journal") ? "Create journal" : path.startsWith("/update-post") ? "Update post" : "Create post" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.title ?? "Dashboard") }];
}

export default function AdminPlaceholder({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-serif text-3xl font-bold text-navy-900 dark:text-white">{loaderData.title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">This editor is being built and will appear here soon.</p>
    </section>
  );
}
