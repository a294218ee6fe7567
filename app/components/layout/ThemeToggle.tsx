import { useFetcher, useLocation } from "react-router";

import { MoonIcon, SunIcon } from "~/components/icons";
import { useHydrated } from "~/lib/use-hydrated";

const BUTTON =
  "h-10 w-10 items-center justify-center rounded-full border border-current/25 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400";

/**
 * A form that posts the other theme: a full page post without JavaScript, a fetcher with it.
 * Both buttons are in the page and the stylesheet shows the one for the theme in force, so the
 * toggle is right also while the page follows the device's setting, which the server cannot know.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    // Only the shell's data is asked for again (root.tsx's shouldRevalidate): the page's own would
    // be fetched for nothing, and counted as one more read of it (issue 35).
    <fetcher.Form method="post" action="/theme" className={className} defaultShouldRevalidate={false}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* Set once the page runs JavaScript: the action then answers the fetcher instead of redirecting. */}
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      <button
        type="submit"
        name="theme"
        value="dark"
        aria-label="Switch to dark theme"
        title="Switch to dark theme"
        className={`inline-flex dark:hidden ${BUTTON}`}
      >
        <MoonIcon />
      </button>
      <button
        type="submit"
        name="theme"
        value="light"
        aria-label="Switch to light theme"
        title="Switch to light theme"
        className={`hidden dark:inline-flex ${BUTTON}`}
      >
        <SunIcon />
      </button>
    </fetcher.Form>
  );
}
