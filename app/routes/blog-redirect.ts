import { redirect } from "react-router";
import type { Route } from "./+types/blog-redirect";

/** Older links used /blog/{slug}; the post lives at /post/{slug}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.slug)}`, 301);
}
