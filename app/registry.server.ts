import { accountsEffects, type AuthOptions, createAccounts, twoFactorEffects } from "~/accounts/accounts.server";
import { linkOrigin } from "~/accounts/context.server";
import { authorsEffects, authorsService } from "~/authors/authors.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { renderPdf } from "~/demo/pdf.server";
import { seedDemoContent } from "~/demo/seed.server";
import {
  ARTICLE_PREVIEW_RICH_TEXT,
  type ArticlePreview,
  articlesEffects,
  articlesService,
} from "~/journal/articles.server";
import { oaiEffects, oaiService } from "~/journal/exports/oai/oai.server";
import { journalEffects, journalService } from "~/journal/journal.server";
import { type AppConfig, mailLinkOrigin } from "~/lib/config.server";
import { counterEffects, counterService } from "~/readership/counter/counter.server";
import { platformFacts } from "~/readership/counter/facts";
import { counterKeys, counterKeysEffects } from "~/readership/counter/keys.server";
import { readershipFigures, readershipFiguresEffects } from "~/readership/figures.server";
import type { Composition } from "~/runtime.server";
import { academicsAdmin, academicsAdminEffects, academicsEffects, academicsService } from "~/services/academics.server";
import { activityEffects, activityService } from "~/services/activity.server";
import { categoriesEffects, categoriesService } from "~/services/categories.server";
import { type ContentChanges, contentChanges, remembered, tracked } from "~/services/content-changes.server";
import { legacyIdsEffects, legacyIdsService } from "~/services/legacy-ids.server";
import { mailEffects, type MailOptions, mailService } from "~/services/mail/mail.server";
import { mediaEffects, mediaService, uploadsDirectory } from "~/services/media.server";
import {
  mediaOptions,
  privateDirectory,
  privateFileOptions,
  privateStore,
  siteStores,
  type UploadOptions,
} from "~/services/media-options.server";
import { postsEffects, postsService } from "~/services/posts.server";
import { type PostPreview, previewsEffects, previewsService } from "~/services/previews.server";
import { searchEffects, searchService } from "~/services/search.server";
import { authSecret } from "~/services/secrets.server";
import { siteContentEffects, siteContentService, type SiteRevisionKind } from "~/services/site-content.server";
import { type ListedKind, sitemapsEffects, sitemapsService } from "~/services/sitemaps.server";
import { reviewCertificate } from "~/submissions/files/certificate.server";
import { manuscriptFiles, manuscriptFilesEffects } from "~/submissions/files/manuscript-files.server";
import { submissionsEffects, submissionsService } from "~/submissions/submissions.server";

/**
 * The composition root: every feature's services bound to one database (the journal's from
 * app/journal/). It sits above the features (docs/architecture.md), so no service imports it.
 */
export { mediaOptions, privateDirectory, privateFileOptions, privateStore, siteStores, uploadsDirectory };
export type { UploadOptions };

export type ServiceOptions = {
  dataDir: string;
  auth: AuthOptions;
  uploads?: UploadOptions;
  /** Where writes are announced (the page cache listens); one of its own when not given. */
  changes?: ContentChanges;
  /** SMTP_URL and MAIL_FROM (unset: the development outbox in DATA_DIR/outbox). */
  mail?: Omit<MailOptions, "dataDir" | "site" | "publicUrl">;
};

/** The domain services, bound to one database. Screens and the JSON API both go through these. */
export function createServices(db: Database, options: ServiceOptions) {
  const media = mediaService(db, mediaOptions(options.dataDir, options.uploads));
  const changes = options.changes ?? contentChanges();
  // Every page's layout reads the site's links, and most pages a settings section: kept in
  // memory until they change.
  const siteContent = remembered(
    tracked(
      siteContentService(db, media),
      {
        settings: "settings",
        settingsOf: "settings",
        saveSettings: "settings",
        siteLinks: "links",
        saveSiteLinks: "links",
        staff: "staff",
        saveStaff: "staff",
        announcement: "announcement",
        saveAnnouncement: "announcement",
        focus: "focus",
        saveFocus: "focus",
        // The kind of site content is the first argument, and names its tag.
        revisions: (kind: SiteRevisionKind) => kind,
        revision: (kind: SiteRevisionKind) => kind,
        restoreRevision: (kind: SiteRevisionKind) => kind,
      },
      siteContentEffects,
      changes,
    ),
    { siteLinks: "links", settings: "settings", settingsOf: "settings" },
    changes,
  );
  // The site's mails are queued in the database and sent by every server's worker (server/main.ts).
  const mail = mailService(db, {
    ...options.mail,
    dataDir: options.dataDir,
    publicUrl: options.auth.publicUrl,
    site: async () => ({ name: (await siteContent.siteLinks()).name }),
  });
  // The accounts and the second factor, over one auth library (app/accounts/, decision 036).
  const { accounts, twoFactor } = createAccounts(db, options.auth, mail);
  // The journal itself (its settings, issues and counts); search reads its call for papers.
  const journal = tracked(journalService(db, media), "journals", journalEffects, changes);
  const articles = tracked(articlesService(db, media), "journals", articlesEffects, changes);
  // Submitted manuscripts, in the private store (decision 042).
  const manuscripts = manuscriptFiles(privateFileOptions(options.dataDir, options.uploads));
  return {
    changes,
    mail,
    posts: tracked(postsService(db, media), "posts", postsEffects, changes),
    // The news categories: a rename or a deletion changes the pages that show posts.
    categories: tracked(categoriesService(db), "posts", categoriesEffects, changes),
    // The journal's articles, and the journal itself (its settings, issues and counts): one kind of content,
    // "journals" as the page cache tags it, since the journal's pages show both.
    articles,
    journal,
    academics: tracked(academicsService(db), "academics", academicsEffects, changes),
    // The people behind the bylines: their posts and articles are read under those kinds' tags.
    authors: tracked(
      authorsService(db),
      { postsBy: "posts", accountByKey: "posts", nameOfOrcid: "journals", articlesBy: "journals" },
      authorsEffects,
      changes,
    ),
    // Sitemaps and feeds read the kind of record they list (issue 22).
    sitemaps: tracked(
      sitemapsService(db),
      { chunks: (kind: ListedKind) => kind, chunk: (kind: ListedKind) => kind, lastChange: (kind: ListedKind) => kind },
      sitemapsEffects,
      changes,
    ),
    academicsAdmin: tracked(academicsAdmin(db, media), "academics", academicsAdminEffects, changes),
    siteContent,
    media,
    // Not tracked: the activity log is on no public page.
    activity: activityService(db),
    // Not tracked: search only reads, and its page (/search) is never kept by the page cache.
    search: searchService(db, siteContent, () => journal.call(), changes),
    // Not tracked: a preview changes no public page. Posts and the journal's articles are previewed.
    previews: previewsService<PostPreview | ArticlePreview>(db, {
      post: ["content"],
      journal: ARTICLE_PREVIEW_RICH_TEXT,
    }),
    // Not tracked: only reads (the earlier system's ids, decision 028).
    legacyIds: legacyIdsService(db),
    // Not tracked: OAI-PMH only reads. Its contact is the site's submission address or a staff member's.
    oai: oaiService(db, {
      secret: options.auth.secret,
      adminEmails: async () => {
        const [links, staff] = await Promise.all([siteContent.siteLinks(), siteContent.staff()]);
        // The journal's own addresses; a staff member's only when the site lists none.
        const submission = links.submissionEmails.filter(Boolean);
        return submission.length
          ? submission
          : staff
              .map((person) => person.email)
              .filter(Boolean)
              .slice(0, 1);
      },
    }),
    accounts,
    // Not tracked: the COUNTER API only reads the readership figures, and its keys are on no public page.
    counter: counterService(db, {
      facts: async () => {
        const [links, profile] = await Promise.all([siteContent.siteLinks(), journal.profile()]);
        return platformFacts({ publicUrl: linkOrigin(options.auth), siteName: links.name, journal: profile });
      },
      articleUrl: (slug) => new URL(`/journal/${encodeURIComponent(slug)}`, linkOrigin(options.auth)).href,
    }),
    counterKeys: counterKeys(db),
    // Not tracked: a second factor and a signed-in device change no public page.
    twoFactor,
    // Not tracked: submitted manuscripts are in the private store, on no public page (decision 042).
    manuscriptFiles: manuscripts,
    // The workflow is on no cached page (its public figures page is not kept), but its settings
    // say where the cached journal and home pages' "Submit a manuscript" points: those two are
    // tracked as the journal's. Accepted submissions become draft articles through the articles
    // service, which announces them.
    submissions: tracked(
      submissionsService(db, {
        files: { ...manuscripts, certificate: reviewCertificate },
        journal: {
          journalName: async () => (await journal.profile()).title,
          storePdf: async (bytes, fileName) => (await media.ingestBuffer(bytes, { purpose: "pdf", fileName })).url,
          placeholderPdf: async (title) =>
            renderPdf(
              [
                { text: title, style: "title" },
                { text: "Accepted manuscript: the typeset PDF replaces this page before publication.", style: "body" },
              ],
              { title, author: "" },
            ),
          createDraftArticle: async (input) => (await articles.create({ ...input, status: "draft" })).id,
          discardDraftArticle: async (id) => {
            await articles.trash([id]);
          },
        },
        mail,
        secret: options.auth.secret,
        linkOrigin: linkOrigin(options.auth),
      }),
      { settings: "journals", saveSettings: "journals" },
      submissionsEffects,
      changes,
    ),
    // Only reads (the counting fills the figures: decision 043). An article's totals are on its
    // public page, which the page cache keeps for a while rather than until a change is announced.
    readership: tracked(
      readershipFigures(db),
      { articleTotals: "readership", pageViews: "readership" },
      readershipFiguresEffects,
      changes,
    ),
  };
}

type BuiltServices = ReturnType<typeof createServices>;

// What the runtime hands every screen and operation is what this module builds (decision 051).
declare module "~/runtime.server" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members are BuiltServices'
  interface Services extends BuiltServices {}
}

export type { Services } from "~/runtime.server";

/** The services for a database as the site's configuration asks (the server, its commands, the importer). */
export async function servicesFor(database: DatabaseHandle, cfg: AppConfig): Promise<BuiltServices> {
  return createServices(database.db, {
    changes: contentChanges(database.notifications),
    dataDir: cfg.dataDir,
    uploads: cfg,
    mail: { smtpUrl: cfg.smtpUrl, from: cfg.mailFrom },
    auth: {
      secret: await authSecret(database.db, cfg.authSecret),
      publicUrl: cfg.publicUrl,
      mailOrigin: mailLinkOrigin(cfg),
      google: cfg.google,
      oidc: cfg.oidc,
      requireAdminTwoFactor: cfg.requireAdminTwoFactor,
    },
  });
}

/** What the runtime builds on first use: these services, and the demo on a new embedded site. */
export const composition: Composition = {
  servicesFor,
  seedDemo: (database, cfg) =>
    seedDemoContent(database.db, mediaOptions(cfg.dataDir, cfg), privateFileOptions(cfg.dataDir, cfg)),
};

/** Each service's classification of its methods, by the service's name (checked by effects.db.test.ts). */
export const serviceEffects = {
  posts: postsEffects,
  categories: categoriesEffects,
  articles: articlesEffects,
  journal: journalEffects,
  academics: academicsEffects,
  authors: authorsEffects,
  academicsAdmin: academicsAdminEffects,
  sitemaps: sitemapsEffects,
  siteContent: siteContentEffects,
  media: mediaEffects,
  previews: previewsEffects,
  search: searchEffects,
  legacyIds: legacyIdsEffects,
  activity: activityEffects,
  oai: oaiEffects,
  accounts: accountsEffects,
  twoFactor: twoFactorEffects,
  mail: mailEffects,
  manuscriptFiles: manuscriptFilesEffects,
  submissions: submissionsEffects,
  counter: counterEffects,
  counterKeys: counterKeysEffects,
  readership: readershipFiguresEffects,
} satisfies Record<Exclude<keyof BuiltServices, "changes">, Record<string, "read" | "write">>;

export type { DatabaseHandle };
