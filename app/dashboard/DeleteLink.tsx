import { Link } from "react-router";

import { buttonClasses } from "~/components/ui/Button";
import { useHydrated } from "~/lib/use-hydrated";

/** A delete link that opens SPEC.md's dialog (a ?confirm= link without JavaScript). */
export function DeleteLink({
  tab,
  id,
  label,
  onOpen,
}: {
  tab: string;
  id: string;
  label: string;
  onOpen: (id: string) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Link
      to={`/dashboard?tab=${tab}&confirm=${id}`}
      preventScrollReset
      aria-label={`Delete ${label}`}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onOpen(id);
      }}
      className={buttonClasses("danger", "inline")}
    >
      Delete
    </Link>
  );
}
