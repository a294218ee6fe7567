import { isRouteErrorResponse, Link } from "react-router";

import { SearchInstead } from "./SearchInstead";

/** What a page shows when what it was asked for is missing or failed: in the shell, with a way on. */
type ErrorPanelProps = {
  title: string;
  message: string;
  link: { to: string; label: string };
  tone?: "navy" | "blue";
  /** The thing asked for does not exist: the site's search is offered too. */
  offerSearch?: boolean;
};

export function ErrorPanel({ title, message, link, tone = "navy", offerSearch = false }: ErrorPanelProps) {
  return (
    <section className={`${tone === "blue" ? "bg-blue-800" : "bg-navy-900"} pt-40 pb-24 text-center text-white`}>
      <h1 className="px-6 font-serif text-4xl font-bold">{title}</h1>
      <p className="mt-4 px-6 text-slate-200">{message}</p>
      <Link
        to={link.to}
        className="mt-8 inline-block rounded-md bg-gold-500 px-5 py-2.5 font-semibold text-navy-950 hover:bg-gold-400"
      >
        {link.label}
      </Link>
      {offerSearch && <SearchInstead tone="dark" />}
    </section>
  );
}

type RouteErrorTexts = Omit<ErrorPanelProps, "message" | "title"> & {
  /** The title when loading failed; most pages say the site's usual words. */
  title?: string;
  /** The title when the thing does not exist, where it differs. */
  missingTitle?: string;
  missing: string;
  failed: string;
};

/**
 * A route's error boundary: what it says when the thing asked for does not exist (404), or failed
 * to load.
 */
export function routeErrorBoundary({
  title = "Something went wrong.",
  missingTitle = title,
  missing,
  failed,
  ...panel
}: RouteErrorTexts) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return (
      <ErrorPanel
        {...panel}
        title={notFound ? missingTitle : title}
        message={notFound ? missing : failed}
        offerSearch={notFound}
      />
    );
  };
}
