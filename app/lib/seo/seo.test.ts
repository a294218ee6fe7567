import { describe as group, expect, it } from "vitest";

import {
  breadcrumbNode,
  canonicalUrl,
  describe,
  newsArticleNode,
  organizationNode,
  pageTitle,
  routeMeta,
  seoMeta,
  type SeoSite,
  socialImagePath,
  titleFor,
  truncateAtWord,
} from ".";

const site: SeoSite = {
  origin: "https://cpscr.example.edu",
  name: "Centre for Peace, Security and Conflict Resolution",
  shortName: "CPSCR",
  motto: "Knowledge for a safer, fairer world",
  university: "University of Example",
  address: "1 Campus Road, Example City",
  email: "submissions@example.edu",
  sameAs: ["https://twitter.com/cpscr", "mailto:office@example.edu"],
  locale: "en_GB",
};

const tag = (tags: ReturnType<typeof seoMeta>, key: string) =>
  tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key)) as
    { content: string } | undefined;

/** Each named tag's content, as `contents` has it. */
function expectTagContents(tags: ReturnType<typeof seoMeta>, contents: Record<string, string>) {
  for (const [key, content] of Object.entries(contents)) expect(tag(tags, key)?.content, key).toBe(content);
}

group("titles", () => {
  it("are 'Page | Short name', and the site's name on the home page", () => {
    expect(titleFor(site, "About")).toBe("About | CPSCR");
    expect(titleFor(site)).toBe(site.name);
    expect(titleFor(site, "  ")).toBe(site.name);
    expect(titleFor(site, "A  title\nover lines")).toBe("A title over lines | CPSCR");
  });

  it("take the brand from the root loader's data, CPSCR before the settings exist", () => {
    const matches = [{ id: "root", loaderData: { site: { name: "Peace Centre", shortName: "PC" } } }];
    expect(pageTitle(matches, "Sign in")).toBe("Sign in | PC");
    expect(pageTitle([], "Sign in")).toBe("Sign in | CPSCR");
  });
});

group("descriptions", () => {
  it("use the editors' excerpt when there is one, else the text without its markup", () => {
    expect(describe("Our own summary.", "<p>The body</p>")).toBe("Our own summary.");
    expect(describe("  ", "<p>The <strong>body</strong> &amp; more</p>")).toBe("The body & more");
    expect(describe(null, null)).toBe("");
  });

  it("are at most 160 characters, cut after a whole word, with an ellipsis", () => {
    const text = "word ".repeat(60); // 300 characters
    const cut = describe("", text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
    // A text of exactly 160 characters stays whole.
    const exact = "a".repeat(150) + " " + "b".repeat(9);
    expect(truncateAtWord(exact)).toBe(exact);
    // A word that ends exactly at the limit is kept whole.
    const sentence = `${"x".repeat(100)} ${"y".repeat(58)} zzz`;
    expect(truncateAtWord(sentence)).toBe(`${"x".repeat(100)} ${"y".repeat(58)}…`);
    // Trailing punctuation before the ellipsis goes.
    expect(truncateAtWord(`${"a".repeat(100)}, ${"b".repeat(80)}`)).toBe(`${"a".repeat(100)}…`);
    // One word longer than the limit is cut inside it.
    expect(truncateAtWord("z".repeat(400))).toBe(`${"z".repeat(159)}…`);
  });
});

group("canonical addresses", () => {
  it("are absolute, from the public origin, without the query but a later page number", () => {
    expect(canonicalUrl(site.origin, "/post/hello?utm_source=x&fbclid=y#top")).toBe(
      "https://cpscr.example.edu/post/hello",
    );
    expect(canonicalUrl(site.origin, "/posts", { page: 3 })).toBe("https://cpscr.example.edu/posts?page=3");
    expect(canonicalUrl(site.origin, "/posts", { page: 1 })).toBe("https://cpscr.example.edu/posts");
    expect(canonicalUrl(site.origin, "/")).toBe("https://cpscr.example.edu/");
    expect(canonicalUrl("http://localhost:3000", "/about")).toBe("http://localhost:3000/about");
  });
});

group("social images", () => {
  it("are the -og.jpg copy of an uploaded image, none for anything else", () => {
    const key = "/uploads/2026-11/0b7d5c84-86a3-4a5e-9e49-1cfd2cc3e6a1";
    expect(socialImagePath(`${key}-2400w.webp`)).toBe(`${key}-og.jpg`);
    expect(socialImagePath(`${key}-1600w.webp`)).toBe(`${key}-og.jpg`);
    expect(socialImagePath("https://elsewhere.example/picture.jpg")).toBeNull();
    expect(socialImagePath("")).toBeNull();
  });
});

group("a page's tags", () => {
  it("have the title, description, canonical link, OpenGraph and a large Twitter card", () => {
    const tags = seoMeta(site, { title: "About", description: "Who we are.", path: "/about?utm_campaign=x" });
    expect(tags[0]).toEqual({ title: "About | CPSCR" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://cpscr.example.edu/about" });
    expectTagContents(tags, {
      "og:site_name": site.name,
      "og:title": "About",
      "og:description": "Who we are.",
      "og:url": "https://cpscr.example.edu/about",
      "og:type": "website",
      "og:locale": "en_GB",
      // Without an image of its own: the site's card, absolute, 1200×630.
      "og:image": "https://cpscr.example.edu/social-card.png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": site.name,
      "twitter:card": "summary_large_image",
      "twitter:image": "https://cpscr.example.edu/social-card.png",
    });
    expect(tag(tags, "robots")).toBeUndefined();
    // No JSON-LD without nodes.
    expect(tags.some((t) => "script:ld+json" in t)).toBe(false);
  });

  it("fall back to the site's name and motto for a page with no words of its own", () => {
    const tags = seoMeta(site, { description: "", path: "/" });
    expect(tags[0]).toEqual({ title: site.name });
    expect(tag(tags, "description")?.content).toBe(`${site.name}: ${site.motto}`);
    expect(tag(tags, "og:title")?.content).toBe(site.name);
  });

  it("give an article its image, times and section, and one JSON-LD document with its breadcrumbs", () => {
    const url = "https://cpscr.example.edu/post/talks";
    const tags = seoMeta(site, {
      title: "Talks resume",
      description: "Talks resume in the capital.",
      path: "/post/talks",
      type: "article",
      image: { url: "/uploads/2026-11/x-og.jpg", alt: "Delegates" },
      article: {
        publishedTime: "2026-11-01T10:00:00.000Z",
        modifiedTime: "2026-11-02T10:00:00.000Z",
        section: "Exams",
      },
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "News", path: "/posts" },
        { name: "Talks resume", path: "/post/talks" },
      ],
      jsonLd: [
        newsArticleNode(site, {
          url,
          headline: "Talks resume",
          description: "Talks resume in the capital.",
          images: ["https://cpscr.example.edu/uploads/2026-11/x-og.jpg"],
          datePublished: "2026-11-01T10:00:00.000Z",
          dateModified: "2026-11-02T10:00:00.000Z",
        }),
      ],
    });
    expectTagContents(tags, {
      "og:type": "article",
      "og:image": "https://cpscr.example.edu/uploads/2026-11/x-og.jpg",
      "og:image:type": "image/jpeg",
      "og:image:alt": "Delegates",
      "article:published_time": "2026-11-01T10:00:00.000Z",
      "article:modified_time": "2026-11-02T10:00:00.000Z",
      "article:section": "Exams",
    });
    const documents = tags.filter((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, unknown> }[];
    expect(documents).toHaveLength(1);
    const graph = documents[0]["script:ld+json"];
    expect(graph["@context"]).toBe("https://schema.org");
    expect((graph["@graph"] as { "@type": string }[]).map((n) => n["@type"])).toEqual([
      "NewsArticle",
      "BreadcrumbList",
    ]);
  });

  it("of a page for people only are its title, description and noindex", () => {
    const tags = seoMeta(site, { title: "Preview", description: "x", path: "/preview/post/t", noindex: "nofollow" });
    expect(tags).toEqual([
      { title: "Preview | CPSCR" },
      { name: "description", content: "x" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
    expect(tag(seoMeta(site, { description: "", path: "/", noindex: true }), "robots")?.content).toBe("noindex");
  });

  it("come from the loader in a route's meta, and a page whose loader failed is not indexed", () => {
    const meta = routeMeta("Post not found");
    const seo = [{ title: "x" }];
    expect(meta({ loaderData: { seo }, matches: [] })).toBe(seo);
    expect(meta({ loaderData: undefined, matches: [] })).toEqual([
      { title: "Post not found | CPSCR" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

group("JSON-LD nodes", () => {
  it("the home page's organisation: name, url, logo, profiles elsewhere, address, contact and university", () => {
    expect(organizationNode(site)).toEqual({
      "@type": ["ResearchOrganization", "Organization"],
      "@id": "https://cpscr.example.edu/#organization",
      name: site.name,
      alternateName: "CPSCR",
      slogan: site.motto,
      url: "https://cpscr.example.edu/",
      logo: { "@type": "ImageObject", url: "https://cpscr.example.edu/icon-512.png", width: 512, height: 512 },
      // Only web addresses are profiles.
      sameAs: ["https://twitter.com/cpscr"],
      email: "submissions@example.edu",
      address: { "@type": "PostalAddress", streetAddress: "1 Campus Road, Example City" },
      parentOrganization: { "@type": "CollegeOrUniversity", name: "University of Example" },
    });
    // Settings without them: no empty properties.
    const bare = organizationNode({ ...site, university: "", address: "", email: "", sameAs: [], motto: "" });
    expect(Object.keys(bare)).toEqual(["@type", "@id", "name", "alternateName", "url", "logo"]);
  });

  it("a news article: headline of at most 110 characters, publisher with its logo, the site as author", () => {
    const node = newsArticleNode(site, {
      url: "https://cpscr.example.edu/post/a",
      headline: "word ".repeat(40),
      description: "d",
      images: ["https://cpscr.example.edu/social-card.png"],
      datePublished: "2026-11-01T10:00:00.000Z",
      dateModified: "2026-11-01T10:00:00.000Z",
    });
    expect((node.headline as string).length).toBeLessThanOrEqual(110);
    expect(node.publisher).toMatchObject({
      "@type": "Organization",
      name: site.name,
      logo: { "@type": "ImageObject" },
    });
    expect(node.author).toEqual({ "@type": "Organization", name: site.name, url: "https://cpscr.example.edu/" });
    expect(node.mainEntityOfPage).toBe("https://cpscr.example.edu/post/a");
  });

  it("breadcrumbs: numbered from 1, each with an absolute address", () => {
    expect(
      breadcrumbNode(site.origin, [
        { name: "Home", path: "/" },
        { name: "Programmes", path: "/programmes" },
      ]),
    ).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://cpscr.example.edu/" },
        { "@type": "ListItem", position: 2, name: "Programmes", item: "https://cpscr.example.edu/programmes" },
      ],
    });
  });
});
