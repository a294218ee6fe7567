import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Route modules live with their feature: the journal's under journal/routes/ (issue 32, decision 034).

/** One module at several addresses: a route each, by the id that tells them apart (React Router wants ids unique). */
function oneModule(file: string, pathById: Record<string, string>) {
  return Object.entries(pathById).map(([id, path]) => route(path, file, { id }));
}

/** A kind of record's editor pages: create-{kind}, update-{kind}/:{kind}Id and its history there. */
function editorPages(kind: "post" | "journal", editor: string) {
  return [
    route(`create-${kind}`, editor, { id: `create-${kind}` }),
    route(`update-${kind}/:${kind}Id`, editor, { id: `update-${kind}` }),
    route(`update-${kind}/:${kind}Id/history`, "routes/revisions.tsx", { id: `${kind}-history` }),
  ];
}

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("posts", "routes/posts.tsx"),
  route("post/:postSlug", "routes/post.tsx"),
  // A category's and a tag's news (issue 33); their feeds are below, with the others.
  ...oneModule("routes/posts-topic.tsx", {
    "posts-category": "posts/category/:category",
    "posts-tag": "posts/tag/:tag",
  }),
  route("blog/:slug", "routes/blog-redirect.ts"),
  route("journals", "journal/routes/articles.tsx"),
  route("journal/:journalSlug", "journal/routes/article.tsx"),
  route("journal/:journalSlug/pdf", "journal/routes/article-pdf.ts"),
  // The journal as a periodical (issue 20): its archive, each issue, the editors' exports for indexers.
  route("journals/issues", "journal/routes/archive.tsx"),
  route("journals/issue/:volume/:number", "journal/routes/issue.tsx"),
  ...oneModule("journal/routes/exports.ts", {
    "issue-crossref": "journals/issue/:volume/:number/crossref.xml",
    "issue-doaj": "journals/issue/:volume/:number/doaj.xml",
    "article-crossref": "journal/:journalSlug/crossref.xml",
    "article-doaj": "journal/:journalSlug/doaj.xml",
  }),
  route("journal/:journalSlug/cite/:format", "journal/routes/article-cite.ts"),
  // A preview link shows unsaved or unpublished work through the public page's own module.
  route("preview", "routes/preview.ts"),
  route("preview/post/:previewToken", "routes/post.tsx", { id: "preview-post" }),
  route("preview/journal/:previewToken", "journal/routes/article.tsx", { id: "preview-journal" }),
  route("admision", "routes/admision.tsx"),
  // A person's page (issue 33): by username, ORCID iD or name; every byline links to it.
  route("authors/:authorKey", "authors/routes/author.tsx"),
  // Site search (issue 22, decision 025): the results page; its JSON is GET /api/search.
  route("search", "routes/search.tsx"),
  route("programmes", "routes/programmes.tsx"),
  // SPEC.md's department page path, and the one the programmes page links to.
  ...oneModule("routes/department.tsx", {
    "department-journals": "journals/:id",
    "department-programmes": "programmes/:id",
  }),
  route("signin", "routes/signin.tsx"),
  route("signin/two-factor", "routes/signin-two-factor.tsx"),
  route("signup", "routes/signup.tsx"),
  route("invitation/:token", "routes/invitation.tsx"),
  route("signout", "routes/signout.ts"),
  // Account mails' pages (issue 21): a password reset, and the links that confirm an address.
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("setup", "routes/setup.tsx"),
  route("auth/external", "routes/auth-external.ts"),
  // Our account calls; every other /api/auth/* address is the auth library's (OAuth callbacks...).
  ...oneModule("routes/api.ts", {
    "api-signup": "api/auth/signup",
    "api-signin": "api/auth/signin",
    "api-google": "api/auth/google",
    "api-two-factor": "api/auth/two-factor",
  }),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("api/docs", "routes/api.docs.tsx"),
  route("api/*", "routes/api.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  ...editorPages("post", "routes/post-editor.tsx"),
  ...editorPages("journal", "journal/routes/article-editor.tsx"),
  route("history/:kind/:recordId", "routes/revisions.tsx", { id: "site-history" }),
  // Online submission, the author's side (issue 34): start, the wizard's steps (a file's upload posts
  // to its page with ?upload=<kind>, server/request-body.server.ts), the author's submissions and their files.
  route("submit", "submissions/routes/submit.tsx"),
  route("submit/:submissionId/:step", "submissions/routes/wizard.tsx"),
  route("my-submissions", "submissions/routes/my-submissions.tsx"),
  route("my-submissions/:submissionId", "submissions/routes/my-submission.tsx"),
  route("my-submissions/:submissionId/files/:fileId", "submissions/routes/my-file.ts"),
  // Submissions and peer review (issue 34): the editor's page of a submission, its files; the figures.
  route("desk/submissions/:submissionId", "submissions/routes/desk-submission.tsx"),
  route("desk/submissions/:submissionId/files/:fileId", "submissions/routes/desk-file.ts"),
  // Not under /journals/{x}: that address is a department page the page cache keeps.
  route("journal-in-numbers", "submissions/routes/in-numbers.tsx"),
  // What the site counts of its readers and keeps (issue 35, decision 043).
  route("privacy", "readership/routes/privacy.tsx"),
  // A reviewer's link (issue 34): no account, the token opens one review; its files and certificate
  // under it. Never cached or indexed, nor sent to another site as a Referer. /my-reviews: a
  // signed-in reviewer's reviews.
  route("review/:token", "submissions/routes/review.tsx"),
  route("review/:token/files/:fileId", "submissions/routes/review-file.ts"),
  route("review/:token/certificate.pdf", "submissions/routes/review-certificate.ts"),
  route("my-reviews", "submissions/routes/my-reviews.tsx"),
  // The COUNTER API, Release 5.1 (issue 35): readership reports for harvesters, by API key.
  route("r51/*", "readership/counter/routes/r51.ts"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  // The journal's OAI-PMH repository, for harvesters.
  route("oai", "journal/routes/oai.ts"),
  // Feeds, sitemaps and robots.txt, for readers and search engines (issue 22, decision 026).
  ...oneModule("routes/feeds.ts", {
    "feed-rss": "rss.xml",
    "feed-atom": "atom.xml",
    "feed-json": "feed.json",
    feed: "feed",
    "feed-category": "posts/category/:category/:feedFile",
    "feed-tag": "posts/tag/:tag/:feedFile",
    "feed-articles-rss": "journals/rss.xml",
    "feed-articles-atom": "journals/atom.xml",
    "feed-articles-json": "journals/feed.json",
    "feed-issues": "journals/issues/:feedFile",
  }),
  ...oneModule("routes/sitemaps.ts", {
    "sitemap-index": "sitemap.xml",
    "sitemap-child": "sitemaps/:sitemapFile",
  }),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
