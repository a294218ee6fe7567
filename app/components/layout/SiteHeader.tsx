import { lazy, Suspense } from "react";
import { Link, useLocation, useMatches } from "react-router";

import { Avatar } from "~/components/Avatar";
import { CrestIcon, SearchIcon } from "~/components/icons";
import type { SiteLinks } from "~/lib/site-content";
import { useHydrated } from "~/lib/use-hydrated";

import { MobileMenu } from "./MobileMenu";
import { SearchBox } from "./SearchBox";
import { TOP_BAR_LINKS } from "./site-sections";
import { ThemeToggle } from "./ThemeToggle";

// The account menu (and its menu library) is only downloaded by signed-in visitors.
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));

/**
 * Until the page runs (and without JavaScript) the avatar is a link to the profile, where Sign Out
 * is; the menu button appears once it can open, so no click is lost before it is ready.
 */
function AccountLink({ user }: { user: { username: string; image: string } }) {
  return (
    <Link
      to="/dashboard?tab=profile"
      aria-label={`Your profile, ${user.username}`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
    >
      <Avatar username={user.username} image={user.image} />
    </Link>
  );
}

/**
 * The top-bar entry a page belongs under: the one its route names (`handle.navSection`, for a page
 * whose address sits under another entry's, as SPEC.md's department page at /journals/{id}), or
 * else the one its address starts with.
 */
function useSection(): string | undefined {
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as { navSection?: string } | undefined;
  if (handle?.navSection) return handle.navSection;
  return TOP_BAR_LINKS.map((link) => link.to)
    .filter((to) => (to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`)))
    .at(-1);
}

/**
 * The top bar. While nobody is signed in it lies over the page's hero (every page opens with
 * one); for a signed-in user it is a solid bar above the page.
 */
export function SiteHeader({
  site,
  user,
}: {
  site: SiteLinks;
  user: {
    username: string;
    email: string;
    image: string;
    workHref?: string | null;
    reviewsHref?: string | null;
  } | null;
}) {
  const signedIn = user !== null;
  const hydrated = useHydrated();
  const section = useSection();
  return (
    <header
      className={
        signedIn
          ? "relative z-30 bg-navy-900 text-white shadow"
          : "absolute inset-x-0 top-0 z-30 bg-gradient-to-b from-navy-950/70 to-transparent text-white"
      }
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-3 rounded focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          <CrestIcon className="h-10 w-10 shrink-0" />
          <span className="min-w-0 leading-tight">
            <span className="block font-serif text-xl font-bold tracking-wide">{site.shortName}</span>
            <span className="hidden max-w-[15rem] text-[11px] leading-snug text-white/80 sm:block lg:hidden xl:block">
              {site.name}
            </span>
          </span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {TOP_BAR_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={section === link.to ? "page" : undefined}
                  className={`rounded-md px-2.5 py-2 text-sm font-semibold tracking-wide whitespace-nowrap transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-400 xl:px-3 ${
                    section === link.to ? "text-gold-300" : "text-white"
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* The box where the header has room; beside a narrower desktop nav, a link to the search page. */}
          <div className="hidden xl:block">
            <SearchBox id="site-search" variant="header" />
          </div>
          <Link
            to="/search"
            aria-label="Search the site"
            className="hidden h-10 w-10 items-center justify-center rounded-full border border-current/25 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-400 lg:inline-flex xl:hidden"
          >
            <SearchIcon />
          </Link>
          <ThemeToggle />
          {user ? (
            hydrated ? (
              <Suspense fallback={<AccountLink user={user} />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <AccountLink user={user} />
            )
          ) : (
            <Link
              to="/signin"
              className="rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold whitespace-nowrap text-navy-950 shadow-sm transition hover:bg-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Sign in
            </Link>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
