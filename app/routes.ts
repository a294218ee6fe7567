import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Addresses served by the route module of the same name. */
const named = (ext: ".tsx" | ".ts", ...paths: string[]) => paths.map((path) => route(path, `routes/${path}${ext}`));

/** Several addresses served by one module, each its own route (id). */
const shared = (file: string, ...entries: [path: string, id: string][]) =>
  entries.map(([path, id]) => route(path, `routes/${file}`, { id }));

export default [
  index("routes/home.tsx"),
  ...named(".tsx", "about", "posts"),
  route("post/:postSlug", "routes/post.tsx"),
  route("blog/:slug", "routes/blog-redirect.ts"),
  ...named(".tsx", "journals"),
  route("journal/:journalSlug", "routes/journal.tsx"),
  route("journal/:journalSlug/pdf", "routes/journal-pdf.ts"),
  ...named(".tsx", "admision", "programmes"),
  // SPEC.md's department page path, and the one the programmes page links to.
  ...shared("department.tsx", ["journals/:id", "department-journals"], ["programmes/:id", "department-programmes"]),
  ...named(".tsx", "signin", "signup"),
  ...named(".ts", "signout"),
  ...named(".tsx", "setup"),
  route("auth/external", "routes/auth-external.ts"),
  // Our account calls; every other /api/auth/* address is the auth library's (OAuth callbacks...).
  ...shared(
    "api.ts",
    ["api/auth/signup", "api-signup"],
    ["api/auth/signin", "api-signin"],
    ["api/auth/google", "api-google"],
  ),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("api/docs", "routes/api.docs.tsx"),
  route("api/*", "routes/api.ts"),
  route("uploads/*", "routes/uploads.ts"),
  ...named(".tsx", "dashboard"),
  ...shared("post-editor.tsx", ["create-post", "create-post"], ["update-post/:postId", "update-post"]),
  ...shared(
    "journal-editor.tsx",
    ["create-journal", "create-journal"],
    ["update-journal/:journalId", "update-journal"],
  ),
  ...named(".ts", "theme", "healthz"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
