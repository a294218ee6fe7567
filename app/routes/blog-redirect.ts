import { redirect } from "react-router";

import type { Route } from "./+types/blog-redirect";

/** Older links used /blog/{slug}; the post lives at /post/{slug}. */
export function loader({ request }: Route.LoaderArgs) {
  // The path as it came (still encoded), and its query string.
  const url = new URL(request.url);
  return redirect(`/post/${url.pathname.slice("/blog/".length)}${url.search}`, 301);
}
