import { sql } from "drizzle-orm";

import { type Database, rowsOf } from "~/db/client.server";
import {
  announcement,
  articles,
  faculties,
  focusPages,
  posts,
  reviewers,
  siteSettings,
  staff,
  submissions,
} from "~/db/schema";
import { STAFF_ROLES } from "~/domain/vocabulary";
import { articlesService } from "~/journal/articles.server";
import { journalService } from "~/journal/journal.server";
import { slugify } from "~/lib/text";
import { academicsAdmin } from "~/services/academics.server";
import { type MediaOptions, mediaService } from "~/services/media.server";
import { postsService } from "~/services/posts.server";
import { siteContentService } from "~/services/site-content.server";
import { manuscriptFiles, type ManuscriptFilesOptions } from "~/submissions/files/manuscript-files.server";

import {
  demoFaculties,
  demoFocus,
  demoIssues,
  demoJournalProfile,
  demoJournals,
  demoPeople,
  demoPosts,
  demoReferences,
  demoSettings,
  demoSiteLinks,
  demoStaff,
} from "./content";
import { type GeneratedImage, HOME_HERO_SUN, landscapeImage, portraitImage } from "./images.server";
import { renderPdf } from "./pdf.server";
import { type ReadItem, seedDemoReadership } from "./seed-readership.server";
import { seedDemoWorkflow } from "./seed-submissions.server";

const SEED_LOCK_KEY = 7_240_113;
const DAY = 24 * 60 * 60 * 1000;

/** True when any content table has a row: demo content is only ever added to an empty site. */
export async function hasContent(db: Database): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`select (
    exists (select 1 from ${posts}) or exists (select 1 from ${articles}) or
    exists (select 1 from ${faculties}) or exists (select 1 from ${siteSettings}) or
    exists (select 1 from ${staff}) or exists (select 1 from ${announcement}) or
    exists (select 1 from ${focusPages}) or exists (select 1 from ${submissions}) or
    exists (select 1 from ${reviewers})
  ) as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}

export type SeedResult = "seeded" | "skipped";

/**
 * Adds the demo centre to an empty site, in one transaction. `privateFiles`: the private store's
 * options (`privateFileOptions`), where the demo submissions' manuscripts go.
 */
export async function seedDemoContent(
  db: Database,
  mediaOptions: MediaOptions,
  privateFiles: ManuscriptFilesOptions,
  {
    now = new Date(),
    readership = true,
  }: {
    now?: Date;
    /**
     * The year of generated readership (35,000 rows). Test databases leave it out: it was a fifth of
     * each seed's time, and the tests of readership make the reads they count.
     */
    readership?: boolean;
  } = {},
): Promise<SeedResult> {
  if (await hasContent(db)) return "skipped";

  return db.transaction(async (tx) => {
    // Two processes seeding one PostgreSQL database: the second waits, then finds content.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const txDb = tx as unknown as Database;
    if (await hasContent(txDb)) return "skipped";
    // A failed seed rolls back every row; at most some unused generated files stay behind.
    const media = mediaService(txDb, mediaOptions);
    const services = {
      posts: postsService(txDb, media),
      articles: articlesService(txDb, media),
      journal: journalService(txDb, media),
      academics: academicsAdmin(txDb, media),
      siteContent: siteContentService(txDb, media),
      media,
    };
    // Demo files take the same path as uploads: checked, resized, recorded.
    const storeImage = async (image: GeneratedImage, name: string) =>
      (await services.media.ingestBuffer(image.bytes, { purpose: "image", fileName: name })).url;

    await services.siteContent.saveSiteLinks(demoSiteLinks);
    const heroImage = await storeImage(await landscapeImage(1, 1920, 1080, HOME_HERO_SUN), "home-hero.webp");
    for (const [section, fields] of Object.entries(demoSettings) as [
      keyof typeof demoSettings,
      Record<string, string>,
    ][]) {
      const extra: Record<string, string> = {};
      if (section === "homepage") extra.homeimage = heroImage;
      if (section === "about") {
        extra.vcimage = await storeImage(await portraitImage(0), "vc.webp");
        extra.directorimage = await storeImage(await portraitImage(1), "director.webp");
      }
      await services.siteContent.saveSettings(section, { ...fields, ...extra });
    }

    for (const [index, role] of STAFF_ROLES.entries()) {
      const photo = await storeImage(await portraitImage(index), `${role}.webp`);
      await services.siteContent.saveStaff(role, { ...demoStaff[role], photo });
    }
    for (const [key, record] of Object.entries(demoFocus) as [
      keyof typeof demoFocus,
      (typeof demoFocus)["homePage"],
    ][]) {
      await services.siteContent.saveFocus({ key, ...record });
    }

    const postsRead: ReadItem[] = [];
    for (const [index, post] of demoPosts.entries()) {
      const image = await storeImage(await landscapeImage(index + 10, 1200, 675), `post-${index + 1}.webp`);
      const content = post.paragraphs.map((p) => `<p>${p}</p>`).join("");
      const publishedAt = new Date(now.getTime() - post.daysAgo * DAY);
      const created = await services.posts.create(
        { title: post.title, category: post.category, image, content },
        publishedAt,
      );
      postsRead.push({ id: created.id, publishedAt });
    }

    // The journal: its settings, its issues (with generated covers), and its articles in them.
    const issueIds = new Map<string, string>();
    const articleIds = new Map<string, { id: string; publishedAt: Date }>();
    const issuesRead: ReadItem[] = [];
    const articlesRead: ReadItem[] = [];
    for (const [index, issue] of demoIssues.entries()) {
      const cover = await storeImage(
        await landscapeImage(index + 60, 600, 800),
        `cover-${issue.volume}-${issue.number}.webp`,
      );
      const saved = await services.journal.createIssue({ ...issue, description: "", cover });
      issueIds.set(`${issue.volume}.${issue.number}`, saved.id);
      if (issue.publishedOn) issuesRead.push({ id: saved.id, publishedAt: new Date(`${issue.publishedOn}T09:00:00Z`) });
    }
    await services.journal.saveProfile({
      ...demoJournalProfile,
      callIssueId: issueIds.get("3.1") ?? null,
    });
    for (const [index, journal] of demoJournals.entries()) {
      const authors = journal.authors.map((key, position) => ({
        ...demoPeople[key],
        corresponding: position === 0,
      }));
      const byline = authors.map((a) => `${a.given} ${a.family}`).join(", ");
      const issue = journal.issue
        ? demoIssues.find((i) => i.volume === journal.issue![0] && i.number === journal.issue![1])
        : undefined;
      const pdf = renderPdf(
        [
          {
            text: `${demoJournalProfile.title}${issue ? `, Vol. ${issue.volume} No. ${issue.number} (${issue.year})` : ""}`,
            style: "meta",
          },
          { text: journal.title, style: "title" },
          { text: byline, style: "meta" },
          { text: "Abstract", style: "heading" },
          { text: journal.abstract },
          ...journal.sections.flatMap((s) => [{ text: s.heading, style: "heading" as const }, { text: s.text }]),
          { text: "References", style: "heading" },
          ...demoReferences(journal).map((text) => ({ text })),
        ],
        { title: journal.title, author: byline },
      );
      const stored = await services.media.ingestBuffer(pdf, {
        purpose: "pdf",
        fileName: `${slugify(journal.title)}.pdf`,
      });
      // An article in an issue went public on the issue's day (in table-of-contents order); one
      // published online first, `daysAgo`.
      const published = issue?.publishedOn
        ? new Date(Date.parse(`${issue.publishedOn}T09:00:00Z`) + index * 60_000)
        : new Date(now.getTime() - journal.daysAgo * DAY);
      const issueKey = journal.issue ? `${journal.issue[0]}.${journal.issue[1]}` : "";
      const article = await services.articles.create(
        {
          title: journal.title,
          abstract: `<p>${journal.abstract}</p>`,
          pdf: stored.url,
          issueId: issueIds.get(issueKey) ?? null,
          section: journal.section,
          authors,
          keywords: journal.keywords,
          firstPage: journal.pages?.[0] ?? null,
          lastPage: journal.pages?.[1] ?? null,
          doi: issue
            ? `${demoJournalProfile.doiPrefix}/jpss.v${issue.volume}i${issue.number}.${journal.pages?.[0] ?? index}`
            : null,
          language: "en",
          receivedOn: new Date(published.getTime() - 160 * DAY).toISOString().slice(0, 10),
          acceptedOn: new Date(published.getTime() - 45 * DAY).toISOString().slice(0, 10),
          publishedOn: published.toISOString().slice(0, 10),
          references: demoReferences(journal),
        },
        published,
      );
      articleIds.set(journal.title, { id: article.id, publishedAt: published });
      // Read only once public: an article in a forthcoming issue waits for it.
      if (!journal.issue || issue?.publishedOn) articlesRead.push({ id: article.id, publishedAt: published });
    }

    // A year of readership, so that the Analytics tab and the articles' figures show something.
    if (readership)
      await seedDemoReadership(txDb, { now, articles: articlesRead, posts: postsRead, issues: issuesRead });

    // The journal's editorial office: the reviewer pool and submissions at every stage.
    await seedDemoWorkflow({
      db: txDb,
      files: manuscriptFiles(privateFiles),
      media,
      articles: services.articles,
      journal: demoJournalProfile.title,
      articleIds,
      now,
    });

    let imageSeed = 30;
    for (const facultyData of demoFaculties) {
      const faculty = (await services.academics.createFaculty(facultyData.name))!;
      for (const dept of facultyData.departments) {
        const departimage = dept.image
          ? await storeImage(await landscapeImage(imageSeed++, 1920, 640), `${dept.name}.webp`)
          : "";
        const department = (await services.academics.createDepartment({
          name: dept.name,
          facultyId: faculty.id,
          departimage,
          content: dept.content,
        }))!;
        for (const course of dept.courses) {
          await services.academics.createCourse({ ...course, departmentId: department.id, facultyId: faculty.id });
        }
      }
    }
    return "seeded";
  });
}
