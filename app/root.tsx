import { useLayoutEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useFetchers,
  useRouteLoaderData,
} from "react-router";

import { HydrationScripts } from "~/components/layout/HydrationScripts";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { PageHero } from "~/components/PageHero";
import { SearchInstead } from "~/components/SearchInstead";
import { workTab } from "~/dashboard/registry";
import { AREAS, mayWorkOn, type Role } from "~/domain/roles";
import { config } from "~/lib/config.server";
import { NEWS_FEED_LINKS } from "~/lib/feed-links";
import { failedOnNetwork } from "~/lib/form-hooks";
import { useNonce } from "~/lib/nonce";
import { CROSS_SITE_REFUSED, isCrossSiteMutation } from "~/lib/same-origin.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { DEFAULT_SITE_LINKS } from "~/lib/site-content";
import { isTheme, type Theme } from "~/lib/theme";
import { readTheme } from "~/lib/theme.server";
import { restoreTypedFields } from "~/lib/typed-before-hydration";
import { type UploadLimits } from "~/lib/upload-limits";
import { services } from "~/runtime.server";
import { getUser } from "~/web/session.server";

import type { Route } from "./+types/root";
// The site's stylesheet goes inside each page: one round trip less before the first paint (the
// pages are cached and compressed; it adds about 9 KB to each).
import siteCss from "./app.css?inline";

/**
 * Every state-changing request, page form or API call, must come from this site. (The production
 * server refuses them before they get here; this covers the development server.)
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const crossSite = isCrossSiteMutation({
      method: request.method,
      origin: request.headers.get("origin"),
      fetchSite: request.headers.get("sec-fetch-site"),
      host: request.headers.get("host"),
      publicUrl: config().publicUrl,
      path: new URL(request.url).pathname,
      corsOrigins: config().corsOrigins,
    });
    if (crossSite) throw data({ message: CROSS_SITE_REFUSED }, { status: 403 });
    return next();
  },
];

function workTabOf(roles: Role[]): string | null {
  const tab = workTab(roles);
  return tab ? `/dashboard?tab=${tab.id}` : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const [site, theme, user] = await Promise.all([
    (await services()).siteContent.siteLinks(),
    readTheme(request),
    getUser(request),
  ]);
  const providers = (await services()).accounts.providers;
  const { maxImageBytes, maxPdfBytes } = config();
  return {
    uploadLimits: { maxImageBytes, maxPdfBytes } satisfies UploadLimits,
    site,
    theme,
    user: user && {
      username: user.username,
      email: user.email,
      image: user.image,
      isAdmin: user.isAdmin,
      roles: user.roles,
      // The areas the person works on, so that public pages' Edit links need no role table in the browser.
      areas: AREAS.filter((area) => mayWorkOn(user.roles, area)),
      // The first tab of their work past the profile (the posts tab for an admin); none for a reader.
      workHref: workTabOf(user.roles),
      // Reviews asked of their confirmed address (issue 34): the account menu links to them.
      reviewsHref: (await (await services()).submissions.hasReviews({ id: user.id, roles: user.roles }))
        ? "/my-reviews"
        : null,
    },
    providers,
    year: new Date().getFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * After a submission that never reached the server, the shell's data is not asked for again either.
 * A theme switch asks for the shell's alone (the stored theme), though its form says not to
 * revalidate the page's (ThemeToggle).
 */
export function shouldRevalidate({ actionResult, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (failedOnNetwork(actionResult)) return false;
  return formAction === "/theme" || defaultShouldRevalidate;
}

/** Every page names the news feeds for browsers and feed readers (decision 026). */
export const links: Route.LinksFunction = () => NEWS_FEED_LINKS;

export function meta() {
  return [
    { name: "description", content: "Research, teaching and publishing on peace, security and conflict resolution." },
  ];
}

/**
 * The theme to render: a pending toggle wins over the stored choice, so the switch is instant.
 * Null while the visitor has not chosen: the stylesheet then follows the device's setting.
 */
function useTheme(stored: Theme | null): Theme | null {
  const pending = useFetchers().find((f) => f.formAction === "/theme" && f.formData);
  const value = pending?.formData?.get("theme");
  return isTheme(value) ? value : stored;
}

/**
 * A theme switch repaints every surface at once: without this, each element with a `transition`
 * (cards, buttons) fades on its own clock, and for a moment its text sits on a half-changed
 * background below the contrast the theme was made for.
 */
function useInstantThemeSwitch(theme: Theme | null) {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = document.documentElement;
    root.classList.add("theme-switching");
    // Reading a computed style makes the browser apply the new colours now, with transitions off.
    void getComputedStyle(root).color;
    const frame = requestAnimationFrame(() => root.classList.remove("theme-switching"));
    return () => {
      cancelAnimationFrame(frame);
      root.classList.remove("theme-switching");
    };
  }, [theme]);
}

/** The browser's own bars in each theme's top-bar colour. */
const THEME_COLOR: Record<Theme, string> = { light: "#0b2545", dark: "#0a1322" };

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const theme = useTheme(data?.theme ?? null);
  const nonce = useNonce();
  // Once the whole page has hydrated (the layout's effect comes after every field's).
  useLayoutEffect(restoreTypedFields, []);
  useInstantThemeSwitch(theme);
  return (
    <html lang="en" className={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {theme ? (
          <meta name="theme-color" content={THEME_COLOR[theme]} />
        ) : (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLOR.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLOR.dark} />
          </>
        )}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <Meta />
        {/* Written by the server only: the browser keeps it as it arrived, and its bundle leaves the text out. */}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? siteCss : "" }} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-gold-400 px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <HydrationScripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const site = data?.site ?? DEFAULT_SITE_LINKS;
  return (
    <>
      <SiteHeader site={site} user={data?.user ?? null} />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serverMessage =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  const [title, message] =
    status === 404
      ? ["Page not found", "The page you are looking for does not exist or has moved."]
      : status === 403
        ? ["Not allowed", serverMessage ?? "You do not have permission to do that."]
        : status === 405
          ? [
              "Not allowed here",
              "This page cannot receive form submissions. Go back and try again from the page's own form.",
            ]
          : status === 503
            ? ["Temporarily unavailable", "The site is briefly unavailable. Please try again in a moment."]
            : ["Something went wrong", "An unexpected error occurred. Please try again, or return to the home page."];
  return (
    <Shell>
      <title>{`${title} | ${useRouteLoaderData<RootData>("root")?.site.shortName ?? "CPSCR"}`}</title>
      <meta {...NOINDEX} />
      <PageHero title={title} subtitle={status === 404 || status === 403 ? `Error ${status}` : undefined} compact />
      <section className="mx-auto max-w-3xl px-6 py-16 text-center">
        <p className="text-lg text-slate-600 dark:text-slate-300">{message}</p>
        {status === 404 && (
          <>
            <SearchInstead />
            <p className="mt-6 text-slate-600 dark:text-slate-300">
              Or go to the{" "}
              <a href="/posts" className="font-semibold underline">
                latest news
              </a>{" "}
              or{" "}
              <a href="/journals" className="font-semibold underline">
                the journal
              </a>
              .
            </p>
          </>
        )}
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
