/**
 * Every public page kind's head tags as its loader makes them (issue 22): title, description,
 * canonical address, OpenGraph, Twitter card and one JSON-LD document whose nodes are type-checked.
 * (tests/e2e/seo.spec.ts checks the same on the rendered pages, and that the images answer.)
 */
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";

import { loader as archiveLoader } from "~/journal/routes/archive";
import { loader as journalLoader } from "~/journal/routes/article";
import { loader as journalsLoader } from "~/journal/routes/articles";
import { loader as issueLoader } from "~/journal/routes/issue";
import { services } from "~/runtime.server";
import { publicOrigin } from "~/web/seo.server";

import { openSeededTestDatabase, testDatabaseKind } from "../../tests/support/database";
import { setUpRouteRuntime } from "../../tests/support/route-runtime";
import { checkStructuredData, type StructuredType } from "../../tests/support/structured-data";
import { loader as aboutLoader } from "./about";
import { loader as admisionLoader } from "./admision";
import { loader as departmentLoader } from "./department";
import { loader as homeLoader } from "./home";
import { loader as postLoader } from "./post";
import { loader as postsLoader } from "./posts";
import { loader as programmesLoader } from "./programmes";

setUpRouteRuntime(openSeededTestDatabase);
const ORIGIN = "http://cpscr.localhost:8080";

async function seoOf(loader: (args: never) => unknown, url: string, params: Record<string, string> = {}) {
  const data = (await loader({ request: new Request(`${ORIGIN}${url}`), params, context: {} } as never)) as {
    seo: MetaDescriptor[];
  };
  return data.seo;
}

const content = (tags: MetaDescriptor[], key: string) =>
  (tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key)) as { content?: string })
    ?.content;

/** The checks every indexed page passes; returns the types of its JSON-LD nodes. */
function checkPage(tags: MetaDescriptor[], path: string): StructuredType[] {
  const canonical = tags.find((t) => "rel" in t && t.rel === "canonical") as { href: string };
  expect(canonical.href, path).toBe(`${ORIGIN}${path}`);
  expect(content(tags, "og:url")).toBe(canonical.href);
  for (const key of ["description", "og:title", "og:description", "og:site_name", "og:image:alt", "twitter:title"])
    expect(content(tags, key), `${path} ${key}`).toMatch(/\S/);
  expect(content(tags, "description")!.length, path).toBeLessThanOrEqual(160);
  expect(content(tags, "og:image")).toMatch(new RegExp(`^${ORIGIN}/`));
  expect(content(tags, "twitter:card")).toBe("summary_large_image");
  expect(content(tags, "robots")).toBeUndefined();
  const documents = tags.filter((t) => "script:ld+json" in t);
  expect(documents.length, path).toBeLessThanOrEqual(1);
  return documents.length ? checkStructuredData((documents[0] as Record<string, unknown>)["script:ld+json"]) : [];
}

describe(`head tags of every public page kind (${testDatabaseKind})`, () => {
  it("home: the site's name, and the centre as a ResearchOrganization that is also a core schema.org Organization", async () => {
    const tags = await seoOf(homeLoader, "/?utm_source=newsletter");
    expect(tags[0]).toEqual({ title: "Centre for Peace, Security and Conflict Resolution" });
    expect(checkPage(tags, "/")).toEqual(["ResearchOrganization"]);
    expect(content(tags, "og:image")).toBe(`${ORIGIN}/social-card.png`);
  });

  it("section pages: 'Page | CPSCR', the site's card, a list's later page in its address", async () => {
    for (const [loader, path] of [
      [aboutLoader, "/about"],
      [admisionLoader, "/admision"],
      [programmesLoader, "/programmes"],
      [postsLoader, "/posts"],
      [journalsLoader, "/journals"],
    ] as const) {
      const tags = await seoOf(loader, path);
      expect((tags[0] as { title: string }).title, path).toMatch(/^.+ \| CPSCR$/);
      expect(checkPage(tags, path)).toEqual([]);
    }
    expect(checkPage(await seoOf(postsLoader, "/posts?page=2&after=x"), "/posts?page=2")).toEqual([]);
  });

  it("a post: a NewsArticle with its 1200×630 image, times and section, under breadcrumbs", async () => {
    const { posts } = await services();
    const [post] = (await posts.list({ limit: 1 })).items;
    const tags = await seoOf(postLoader, `/post/${post.slug}?fbclid=1`, { postSlug: post.slug });
    expect(checkPage(tags, `/post/${post.slug}`)).toEqual(["NewsArticle", "BreadcrumbList"]);
    expect(content(tags, "og:type")).toBe("article");
    expect(content(tags, "og:image")).toBe(`${ORIGIN}${post.image.replace(/-\d+w\.webp$/, "-og.jpg")}`);
    expect(content(tags, "og:image:width")).toBe("1200");
    expect(content(tags, "og:image:height")).toBe("630");
    expect(content(tags, "article:published_time")).toBe(post.createdAt.toISOString());
    expect(content(tags, "article:modified_time")).toBe(post.updatedAt.toISOString());
    expect(content(tags, "article:section")).toMatch(/\S/);
  });

  it("a post's description is its excerpt when the editors wrote one, else its text; no image: the site's card", async () => {
    const { posts } = await services();
    const bare = await posts.create({
      title: "A post with no picture",
      category: "exams",
      image: "",
      content: `<p>${"Long words about the examinations. ".repeat(12)}</p>`,
    });
    let tags = await seoOf(postLoader, `/post/${bare.slug}`, { postSlug: bare.slug });
    expect(content(tags, "og:image")).toBe(`${ORIGIN}/social-card.png`);
    expect(content(tags, "description")).toMatch(/^Long words about the examinations\. .*…$/);
    expect(checkPage(tags, `/post/${bare.slug}`)).toEqual(["NewsArticle", "BreadcrumbList"]);

    await posts.update(bare.id, {
      title: bare.title,
      category: "exams",
      image: "",
      content: bare.content,
      excerpt: "  Exam dates,\n\nin   short. ",
    });
    tags = await seoOf(postLoader, `/post/${bare.slug}`, { postSlug: bare.slug });
    expect(content(tags, "description")).toBe("Exam dates, in short.");
    expect(content(tags, "og:description")).toBe("Exam dates, in short.");
    // An update that does not name the excerpt (an older API client) keeps it.
    const kept = await posts.update(bare.id, {
      title: bare.title,
      category: "exams",
      image: "",
      content: bare.content,
    });
    expect(kept.excerpt).toBe("Exam dates, in short.");
    await posts.remove(bare.id);
  });

  it("a journal article: its abstract, its citation tags kept, a ScholarlyArticle under breadcrumbs", async () => {
    const { articles } = await services();
    const [article] = (await articles.list({ limit: 1 })).items;
    const tags = await seoOf(journalLoader, `/journal/${article.slug}`, { journalSlug: article.slug });
    expect(checkPage(tags, `/journal/${article.slug}`)).toEqual(["ScholarlyArticle", "BreadcrumbList"]);
    expect(content(tags, "citation_title")).toBe(article.title);
    expect(content(tags, "og:type")).toBe("article");
    expect(content(tags, "article:published_time")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("the journal's archive, an issue and a department: breadcrumbs", async () => {
    expect(checkPage(await seoOf(archiveLoader, "/journals/issues"), "/journals/issues")).toEqual(["BreadcrumbList"]);
    const { academics, journal } = await services();
    const published = (await journal.issues()).find((i) => i.status === "published")!;
    const issuePath = `/journals/issue/${published.volume}/${published.number}`;
    const issue = await seoOf(issueLoader, issuePath, {
      volume: String(published.volume),
      number: String(published.number),
    });
    expect(checkPage(issue, issuePath)).toEqual(["BreadcrumbList"]);
    const department = (await academics.facultiesWithDepartments()).flatMap((f) => f.departments)[0];
    // Both of its addresses name one canonical page.
    for (const path of [`/journals/${department.id}`, `/programmes/${department.id}`]) {
      const tags = await seoOf(departmentLoader, path, { id: department.id });
      expect(checkPage(tags, `/programmes/${department.id}`)).toEqual(["BreadcrumbList"]);
    }
  });

  it("absolute addresses come from PUBLIC_URL when it is set, whatever address the request named", () => {
    const request = new Request("http://127.0.0.1:3000/post/x?utm_source=y");
    expect(publicOrigin(request, "https://cpscr.example.edu/")).toBe("https://cpscr.example.edu");
    expect(publicOrigin(request, undefined)).toBe("http://127.0.0.1:3000");
  });
});
