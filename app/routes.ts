import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Route modules live with their feature: the journal's under journal/routes/ (issue 32, decision 034).

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("posts", "routes/posts.tsx"),
  route("post/:postSlug", "routes/post.tsx"),
  // A category's and a tag's news (issue 33); their feeds are below, with the others.
  route("posts/category/:category", "routes/posts-topic.tsx", { id: "posts-category" }),
  route("posts/tag/:tag", "routes/posts-topic.tsx", { id: "posts-tag" }),
  route("blog/:slug", "routes/blog-redirect.ts"),
  route("journals", "journal/routes/articles.tsx"),
  route("journal/:journalSlug", "journal/routes/article.tsx"),
  route("journal/:journalSlug/pdf", "journal/routes/article-pdf.ts"),
  // The journal as a periodical (issue 20): its archive, each issue, the editors' exports for indexers.
  route("journals/issues", "journal/routes/archive.tsx"),
  route("journals/issue/:volume/:number", "journal/routes/issue.tsx"),
  route("journals/issue/:volume/:number/crossref.xml", "journal/routes/exports.ts", { id: "issue-crossref" }),
  route("journals/issue/:volume/:number/doaj.xml", "journal/routes/exports.ts", { id: "issue-doaj" }),
  route("journal/:journalSlug/crossref.xml", "journal/routes/exports.ts", { id: "article-crossref" }),
  route("journal/:journalSlug/doaj.xml", "journal/routes/exports.ts", { id: "article-doaj" }),
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
  route("journals/:id", "routes/department.tsx", { id: "department-journals" }),
  route("programmes/:id", "routes/department.tsx", { id: "department-programmes" }),
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
  route("api/auth/signup", "routes/api.ts", { id: "api-signup" }),
  route("api/auth/signin", "routes/api.ts", { id: "api-signin" }),
  route("api/auth/google", "routes/api.ts", { id: "api-google" }),
  route("api/auth/two-factor", "routes/api.ts", { id: "api-two-factor" }),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("api/docs", "routes/api.docs.tsx"),
  route("api/*", "routes/api.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("create-post", "routes/post-editor.tsx", { id: "create-post" }),
  route("update-post/:postId", "routes/post-editor.tsx", { id: "update-post" }),
  route("update-post/:postId/history", "routes/revisions.tsx", { id: "post-history" }),
  route("create-journal", "journal/routes/article-editor.tsx", { id: "create-journal" }),
  route("update-journal/:journalId", "journal/routes/article-editor.tsx", { id: "update-journal" }),
  route("update-journal/:journalId/history", "routes/revisions.tsx", { id: "journal-history" }),
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
  route("rss.xml", "routes/feeds.ts", { id: "feed-rss" }),
  route("atom.xml", "routes/feeds.ts", { id: "feed-atom" }),
  route("feed.json", "routes/feeds.ts", { id: "feed-json" }),
  route("feed", "routes/feeds.ts", { id: "feed" }),
  route("posts/category/:category/:feedFile", "routes/feeds.ts", { id: "feed-category" }),
  route("posts/tag/:tag/:feedFile", "routes/feeds.ts", { id: "feed-tag" }),
  route("journals/rss.xml", "routes/feeds.ts", { id: "feed-articles-rss" }),
  route("journals/atom.xml", "routes/feeds.ts", { id: "feed-articles-atom" }),
  route("journals/feed.json", "routes/feeds.ts", { id: "feed-articles-json" }),
  route("journals/issues/:feedFile", "routes/feeds.ts", { id: "feed-issues" }),
  route("sitemap.xml", "routes/sitemaps.ts", { id: "sitemap-index" }),
  route("sitemaps/:sitemapFile", "routes/sitemaps.ts", { id: "sitemap-child" }),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
