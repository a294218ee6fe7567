import { useFetcher, useLocation } from "react-router";

import { MoonIcon, SunIcon } from "~/components/icons";
import type { Theme } from "~/lib/theme";
import { useHydrated } from "~/lib/use-hydrated";

/** A form that posts the other theme: a full page post without JavaScript, a fetcher with it. */
export function ThemeToggle({ theme, className = "" }: { theme: Theme; className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <fetcher.Form method="post" action="/theme" className={className}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* Set once the page runs JavaScript: the action then answers the fetcher instead of redirecting. */}
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      <button
        type="submit"
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-current/25 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
      >
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
    </fetcher.Form>
  );
}
