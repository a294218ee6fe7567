import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("posts", "routes/posts.tsx"),
  route("post/:postSlug", "routes/post.tsx"),
  route("blog/:slug", "routes/blog-redirect.ts"),
  route("journals", "routes/journals.tsx"),
  route("journal/:journalSlug", "routes/journal.tsx"),
  route("admision", "routes/admision.tsx"),
  route("programmes", "routes/programmes.tsx"),
  // SPEC.md's department page path, and the one the programmes page links to.
  route("journals/:id", "routes/department.tsx", { id: "department-journals" }),
  route("programmes/:id", "routes/department.tsx", { id: "department-programmes" }),
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("signout", "routes/signout.ts"),
  route("setup", "routes/setup.tsx"),
  route("auth/external", "routes/auth-external.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("create-post", "routes/admin-placeholder.tsx", { id: "create-post" }),
  route("create-journal", "routes/admin-placeholder.tsx", { id: "create-journal" }),
  route("update-post/:postId", "routes/admin-placeholder.tsx", { id: "update-post" }),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
