import { Link, type LinkProps } from "react-router";

import { useHydrated } from "~/lib/use-hydrated";

/**
 * A link that, once the page's scripts run, does `onActivate` where it is; until then (and without
 * scripts) it goes to `to`, a page where the server does the same.
 */
export function InPlaceLink({ onActivate, ...link }: LinkProps & { onActivate: () => void }) {
  const hydrated = useHydrated();
  return (
    <Link
      preventScrollReset
      {...link}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onActivate();
      }}
    />
  );
}
