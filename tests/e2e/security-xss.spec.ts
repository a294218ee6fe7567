import type { APIRequestContext, Page } from "@playwright/test";

import { renderPdf } from "../../app/demo/pdf.server";
import { SETTINGS_FIELDS } from "../../app/lib/site-content";
import { reportCount } from "../support/counts";
import { XSS_CORPUS } from "../support/xss-corpus";
import { expect, test } from "./fixtures";

/**
 * Security suite, in Chromium: the cross-site scripting corpus goes through every field that a page
 * shows (rich text, titles, names, settings, staff, announcement, focus pages, faculties,
 * departments and courses, uploaded file names) and through the addresses' search parameters; then
 * every public page and every dashboard tab is opened. Nothing may run: no dialog, no blocked
 * script reported by the browser's Content-Security-Policy, and no script, event handler or
 * script address left in the page.
 *
 * It rewrites the site's shared content, which other specs read: it runs while no other test holds
 * it, and the settings, staff, announcement, focus pages and journal's settings are put back as they
 * were afterwards (`sharedContent`, tests/e2e/fixtures.ts); the records it made are deleted below.
 */
test.use({ sharedContent: "rewrite" });

/** The corpus in pieces short enough for a title (200 characters): one piece per round. */
function rounds(limit = 190): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const vector of XSS_CORPUS) {
    if (current && current.length + vector.length + 1 > limit) {
      pieces.push(current);
      current = "";
    }
    current = current ? `${current} ${vector}` : vector;
  }
  if (current) pieces.push(current);
  return pieces;
}
const EVERYTHING = XSS_CORPUS.join("\n");
const short = (piece: string, max: number) => piece.slice(0, max).trim();

/** Records what tried to run: dialogs and the policy's reports of blocked scripts. */
async function watch(page: Page) {
  const ran: string[] = [];
  page.on("dialog", async (dialog) => {
    ran.push(`dialog "${dialog.message()}" on ${page.url()}`);
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __blocked?: string[] }).__blocked ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return ran;
}

/** What a page holds that could run: injected scripts, handlers, script addresses, frames. */
async function dangerIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const blocked = (window as unknown as { __blocked?: string[] }).__blocked ?? [];
    for (const report of blocked) found.push(`blocked by the policy: ${report}`);
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        const value = [...attribute.value]
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join("")
          .toLowerCase();
        if (attribute.name.startsWith("on")) found.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
        if (
          ["href", "src", "action", "formaction", "data", "xlink:href", "srcdoc"].includes(attribute.name) &&
          /^(javascript|vbscript|data:text\/html)/.test(value)
        ) {
          found.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`);
        }
        if (attribute.name === "srcdoc") found.push(`<${element.tagName.toLowerCase()} srcdoc>`);
      }
    }
    // Our scripts come from /assets or carry the page's nonce (which the browser hides as "").
    for (const script of Array.from(document.scripts)) {
      // Structured data for indexers is a data block the browser never runs: whole JSON, or a breakout.
      if (script.type === "application/ld+json") {
        try {
          JSON.parse(script.textContent ?? "");
          continue;
        } catch {
          found.push(`a JSON-LD block that is not JSON: ${script.textContent?.slice(0, 60)}`);
          continue;
        }
      }
      const ours = script.src
        ? new URL(script.src).origin === location.origin
        : script.nonce !== "" || script.hasAttribute("nonce");
      if (!ours) found.push(`script ${script.src || script.textContent?.slice(0, 60)}`);
    }
    for (const frame of Array.from(document.querySelectorAll("iframe, embed, object, base, meta[http-equiv]"))) {
      const where =
        frame.getAttribute("src") ??
        frame.getAttribute("data") ??
        frame.getAttribute("href") ??
        frame.getAttribute("content") ??
        "";
      const allowed = frame.tagName === "OBJECT" && /^\/(journal|uploads)\//.test(where);
      if (!allowed) found.push(`<${frame.tagName.toLowerCase()} ${where}>`);
    }
    return found;
  });
}

async function json(request: APIRequestContext, method: "get" | "post" | "put", path: string, data?: unknown) {
  const response = await request[method](path, data === undefined ? {} : { data });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** What the test made: deleted after it, passed or failed, so no list or current issue keeps it. */
const made: {
  post?: string;
  journal?: string;
  faculty?: string;
  department?: string;
  course?: string;
  volumes: number[];
} = { volumes: [] };

test.afterEach(async ({ admin, page }) => {
  const api = page.request;
  // Signed out by the test's last part.
  const userId = (await json(api, "post", "/api/auth/signin", { username: admin.username, password: admin.password }))
    .user._id;
  for (const path of [
    made.post && `/api/post/deletepost/${made.post}/${userId}`,
    made.journal && `/api/journal/deletejournal/${made.journal}/${userId}`,
    made.course && `/api/course/${made.course}`,
    made.department && `/api/departments/${made.department}`,
    made.faculty && `/api/faculty/${made.faculty}`,
  ]) {
    if (path) expect((await api.delete(path)).status(), `DELETE ${path}`).toBe(200);
  }
  await page.goto("/dashboard?tab=issues");
  for (const volume of made.volumes) {
    const edit = await page
      .getByRole("link", { name: `Edit Vol. ${volume} No. 1 (2026)`, exact: true })
      .getAttribute("href");
    const issueId = new URL(edit!, page.url()).searchParams.get("edit")!;
    const deleted = await api.post("/dashboard?tab=issues", { form: { intent: "delete-issue", issueId } });
    expect(deleted.status(), `deleting Vol. ${volume}`).toBe(200);
  }
});

test("cross-site scripting: the corpus through every field and search parameter, on every page, runs nothing", async ({
  admin,
  page,
}) => {
  test.setTimeout(300_000);
  const ran = await watch(page);
  const api = page.request;
  await json(api, "post", "/api/auth/signin", { username: admin.username, password: admin.password });
  const adminId = (await json(api, "post", "/api/auth/signin", { username: admin.username, password: admin.password }))
    .user._id;

  // The detector itself finds what it looks for.
  await page.setContent(`<img src="x" onerror="void 0"><a href=" javascript:void(0)">x</a><script>void 0</script>`);
  expect(await dangerIn(page)).toHaveLength(3);

  const pieces = rounds();
  let post: { _id: string; slug: string } | undefined;
  let journal: { _id: string; slug: string } | undefined;
  let faculty: { _id: string } | undefined;
  let department: { _id: string } | undefined;
  let course: { _id: string } | undefined;
  const settings = Object.fromEntries(
    await Promise.all(Object.keys(SETTINGS_FIELDS).map(async (s) => [s, await json(api, "get", `/api/settings/${s}`)])),
  );
  const staff = await json(api, "get", "/api/staff/director");
  let pagesOpened = 0;
  let fieldsWritten = 0;

  for (const [round, piece] of pieces.entries()) {
    // Every text field a page shows, written as an admin would (through the JSON API that the
    // screens share their services with).
    for (const [section, fields] of Object.entries(SETTINGS_FIELDS)) {
      const body: Record<string, string> = {};
      for (const field of fields)
        body[field] = /image$/.test(field)
          ? settings[section][field]
          : field === "title"
            ? short(piece, 200)
            : `${piece} ${EVERYTHING}`;
      await json(api, "put", `/api/settings/${section}`, body);
      fieldsWritten += fields.length;
    }
    await json(api, "put", "/api/staff/director", {
      name: short(piece, 200),
      post: short(piece, 200),
      email: staff.email,
      description: `${piece} ${EVERYTHING}`,
      photo: staff.photo,
    });
    await json(api, "put", "/api/announce", { title: short(piece, 300), content: EVERYTHING });
    for (const key of ["homePage", "submitPage", "aboutPage", "focusPage"]) {
      await json(api, "post", "/api/focus", {
        key,
        title: short(piece, 300),
        subtitle: short(piece, 500),
        content: EVERYTHING,
      });
    }
    fieldsWritten += 3 + 2 + 12;

    faculty = faculty
      ? await json(api, "put", `/api/faculty/${faculty._id}`, { name: short(piece, 200) })
      : await json(api, "post", "/api/faculty/create", { name: short(piece, 200) });
    made.faculty = faculty!._id;
    const departmentBody = {
      name: short(piece, 200),
      faculty: faculty!._id,
      departimage: settings.homepage.homeimage,
      content: EVERYTHING,
    };
    department = department
      ? await json(api, "put", `/api/department/${department._id}`, departmentBody)
      : await json(api, "post", "/api/departments/create", departmentBody);
    made.department = department!._id;
    const courseBody = {
      name: short(piece, 200),
      code: short(piece, 30),
      credits: 3,
      semester: "First",
      description: `${piece} ${EVERYTHING}`.slice(0, 5000),
      department: department!._id,
      faculty: faculty!._id,
    };
    course = course
      ? await json(api, "put", `/api/course/${course._id}`, courseBody)
      : await json(api, "post", "/api/course/create", courseBody);
    made.course = course!._id;
    fieldsWritten += 1 + 2 + 3;

    const upload = await api.post("/api/uploads?purpose=pdf", {
      data: Buffer.from(renderPdf([{ text: "XSS" }], { title: "XSS", author: "Tests" })),
      headers: {
        "content-type": "application/pdf",
        "x-file-name": encodeURIComponent(`${short(piece.replace(/[\\/]/g, ""), 120)}.pdf`),
      },
    });
    // (Names with a slash are refused as path-like; the rest of each vector is kept as the label.)
    expect(upload.status(), await upload.text()).toBe(201);
    const file = (await upload.json()).url;
    const postBody = { title: short(piece, 200), category: "exams", content: EVERYTHING };
    post = (
      post
        ? await json(api, "put", `/api/post/updatepost/${post._id}/${adminId}`, postBody)
        : await json(api, "post", "/api/post/create", postBody)
    ).post;
    made.post = post!._id;
    const journalBody = { filename: short(piece, 300), details: EVERYTHING, file };
    const savedJournal = journal
      ? await json(api, "put", `/api/journal/updatejournal/${journal._id}/${adminId}`, journalBody)
      : await json(api, "post", "/api/journal/create", journalBody);
    journal = savedJournal.journal ?? savedJournal;
    made.journal = journal!._id;
    fieldsWritten += 2 + 3;

    // The journal's own fields (issue 20), through the editors' forms: the article's authors,
    // keywords and references; the journal's settings and board; an issue.
    const form = async (path: string, fields: Record<string, string>) => {
      const response = await api.post(path, { form: fields, maxRedirects: 0 });
      expect(response.status(), `POST ${path}: ${(await response.text()).slice(0, 300)}`).toBeLessThan(400);
    };
    await form(`/update-journal/${journal!._id}`, {
      title: short(piece, 300),
      abstract: EVERYTHING,
      pdf: file,
      status: "published",
      slug: journal!.slug,
      section: "research",
      language: "en",
      keywords: short(piece, 900),
      references: EVERYTHING,
      author0_given: short(piece, 300),
      author0_family: short(piece, 300),
      author0_affiliation: short(piece, 300),
    });
    await form("/dashboard?tab=journal", {
      intent: "save-journal-settings",
      title: "Journal of Peace and Security Studies",
      abbreviation: short(piece, 100),
      publisher: short(piece, 300),
      licence: "CC-BY-4.0",
      focusScope: EVERYTHING,
      callTitle: short(piece, 300),
      callText: EVERYTHING,
      board0_name: short(piece, 300),
      board0_role: short(piece, 300),
      board0_affiliation: short(piece, 300),
    });
    const volume = 900 + round;
    await form("/dashboard?tab=issues", {
      intent: "save-issue",
      volume: String(volume),
      number: "1",
      year: "2026",
      title: short(piece, 300),
      description: EVERYTHING,
      publishedOn: "2026-01-01",
      status: "published",
    });
    made.volumes.push(volume);
    fieldsWritten += 6 + 8 + 2;

    // Every page that shows them, public and dashboard; search parameters carry the piece too.
    const q = encodeURIComponent(piece);
    const pages = [
      "/",
      "/about",
      `/posts?page=${q}`,
      `/post/${post!.slug}`,
      `/journals?page=${q}`,
      `/journal/${journal!.slug}`,
      "/journals/issues",
      `/journals/issue/${volume}/1`,
      "/admision",
      "/programmes",
      `/programmes/${department!._id}?course=${course!._id}`,
      `/journals/${department!._id}`,
      `/signin?error=${q}&redirectTo=${q}`,
      `/signup?registered=${q}`,
      `/post/${q}`,
      `/no-such-page?${q}`,
      ...[
        "profile",
        "posts",
        "users",
        "course",
        "about",
        "staff",
        "announce",
        "focus",
        "journals",
        "journal",
        "issues",
      ].map((tab) => `/dashboard?tab=${tab}&page=${q}&confirm=${q}`),
      `/dashboard?tab=about&section=${q}`,
      `/dashboard?tab=${q}`,
      `/update-post/${post!._id}`,
      `/update-journal/${journal!._id}`,
    ];
    // Long fields hold the whole corpus every round: all pages are opened in the first round; after
    // that, the pages where the short fields (titles, names, codes) and the parameters appear.
    const shortFieldPages = (path: string) =>
      !/^\/(admision|signup|no-such-page)|tab=(profile|users|announce|focus|staff)|section=|update-/.test(path);
    for (const path of round === 0 ? pages : pages.filter(shortFieldPages)) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await dangerIn(page), `round ${round + 1}: ${path}`).toEqual([]);
      pagesOpened++;
    }
  }
  // Signed out, the same pages come from the page cache, whose policy lists script hashes instead of
  // a nonce: they still run their own code (the app starts) and nothing else.
  await page.context().clearCookies();
  for (const path of [
    "/",
    "/about",
    "/posts",
    `/post/${post!.slug}`,
    "/journals",
    `/journal/${journal!.slug}`,
    "/admision",
    "/programmes",
    `/programmes/${department!._id}`,
  ]) {
    await page.goto(path);
    const cached = (await page.goto(path))!;
    expect(cached.headers()["x-page-cache"], `${path} comes from the page cache`).toBe("hit");
    expect(cached.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(await dangerIn(page), `signed out: ${path}`).toEqual([]);
    pagesOpened++;
  }
  // The pieces really are on the pages (escaped, as text): the check above looked at them.
  await page.goto(`/post/${post!.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(short(pieces.at(-1)!, 200).slice(0, 20));
  expect(ran).toEqual([]);
  reportCount(
    "security",
    XSS_CORPUS.length,
    `XSS vectors, through ${fieldsWritten} field writes in ${pieces.length} rounds and ${pagesOpened} page views in Chromium: nothing ran`,
  );
});
