import type { TwoFactorReply } from "~/accounts/two-factor";
import type { Role } from "~/domain/roles";
import type { FormAnswer } from "~/lib/forms/answer";

/**
 * What the dashboard shell and its tabs agree on. Client-safe: the tab components import these
 * types; the server side of a tab lives in its own `*.server.ts` module.
 */

/** The answer of every dashboard action, as the tabs read it from useActionData or a fetcher. */
export type ActionResult = FormAnswer & {
  intent: string;
  /** A course-tab delete that found records inside: what they are, so the person can confirm. */
  holds?: { kind: "faculty" | "department" | "course"; id: string; departments: number; courses: number };
  /** The profile's two-factor setup: the QR code and key, shown in the answer only (decision 023). */
  twoFactor?: TwoFactorReply;
  /** A COUNTER API key just issued (issue 35): shown in the answer only, never stored. */
  counterKey?: { key: string; customerId: string; name: string };
};

/** The props every tab component gets from the shell. */
export type TabProps<Data> = {
  data: Data;
  user: { id: string; username: string; email: string; image: string; isAdmin: boolean; roles: Role[] };
  result: ActionResult | undefined;
  /** The `?confirm=` value: the dialog to open on arrival (the no-script path of delete links). */
  confirm: string | null;
};

/**
 * The data a tab's `load` returns, for its screen's props: `TabProps<Loaded<typeof load>>` with
 * `import type { load } from "./<id>.server"` (a type-only import, so no server code reaches the
 * browser). The compiler then checks the screen against what its own server half sends.
 */
export type Loaded<Load extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Load>>;

/** A dashboard list's search, filters and sort (posts, journals), as the address carries them. */
export type ListQuery = {
  q: string;
  status?: "draft" | "scheduled" | "published";
  category?: string;
  /** The articles of one issue (its id), or of none ("none"). */
  issue?: string;
  sort: "newest" | "oldest" | "title" | "updated";
};
