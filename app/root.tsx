import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useRouteLoaderData,
} from "react-router";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { PageHero } from "~/components/PageHero";
import { DEFAULT_SITE_LINKS } from "~/lib/site-content";
import { isTheme, type Theme } from "~/lib/theme";
import { readTheme } from "~/lib/theme.server";
import { services } from "~/runtime.server";
import type { Route } from "./+types/root";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const [site, theme] = await Promise.all([(await services()).siteContent.siteLinks(), readTheme(request)]);
  return { site, theme, user: null as null | { username: string }, year: new Date().getFullYear() };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function meta() {
  return [{ name: "description", content: "Research, teaching and publishing on peace, security and conflict resolution." }];
}

/** The theme to render: a pending toggle wins over the stored choice, so the switch is instant. */
function useTheme(stored: Theme): Theme {
  const pending = useFetchers().find((f) => f.formAction === "/theme" && f.formData);
  const value = pending?.formData?.get("theme");
  return isTheme(value) ? value : stored;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const theme = useTheme(data?.theme ?? "light");
  return (
    <html lang="en" className={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#0a1322" : "#0b2545"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-gold-400 px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const site = data?.site ?? DEFAULT_SITE_LINKS;
  const theme = useTheme(data?.theme ?? "light");
  return (
    <>
      <SiteHeader site={site} signedIn={Boolean(data?.user)} theme={theme} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter site={site} year={data?.year ?? new Date().getFullYear()} />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const title = notFound ? "Page not found" : unavailable ? "Temporarily unavailable" : "Something went wrong";
  const message = notFound
    ? "The page you are looking for does not exist or has moved."
    : unavailable
      ? "The site is briefly unavailable. Please try again in a moment."
      : "An unexpected error occurred. Please try again, or return to the home page.";
  return (
    <Shell>
      <title>{`${title} | CPSCR`}</title>
      <PageHero title={title} subtitle={notFound ? "Error 404" : undefined} compact />
      <section className="mx-auto max-w-3xl px-6 py-16 text-center">
        <p className="text-lg text-slate-600 dark:text-slate-300">{message}</p>
        <a
          href="/"
          className="mt-8 inline-block rounded-md bg-navy-800 px-5 py-2.5 font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          Back to the home page
        </a>
      </section>
    </Shell>
  );
}
