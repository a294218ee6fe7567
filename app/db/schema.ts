import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import {
  ARTICLE_SECTIONS,
  type ArticleAuthor,
  EDITOR_DECISIONS,
  EDITORIAL_STATUSES,
  FOCUS_KEYS,
  ISSUE_STATUSES,
  LICENCE_IDS,
  MEDIA_KINDS,
  type NamedReviewer,
  READ_KINDS,
  READERSHIP_ITEM_TYPES,
  READERSHIP_METRICS,
  REVIEW_RECOMMENDATIONS,
  REVIEW_STATUSES,
  REVISION_KINDS,
  SEMESTERS,
  SETTINGS_SECTIONS,
  SITE_LINKS_SECTION,
  STAFF_ROLES,
  SUBMISSION_FILE_KINDS,
  SUBMISSION_STAGES,
  type SupplementaryFile,
} from "../domain/vocabulary";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

/**
 * A post's or journal article's editorial state (decision 020). `created_at` stays the public date:
 * publishing or scheduling moves it to the moment the item goes public, so lists keep their order
 * and their index.
 */
const editorial = {
  status: text("status").notNull().default("published"),
  publishAt: timestamp("publish_at", { withTimezone: true, mode: "date" }),
  deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  version: integer("version").notNull().default(1),
};

function editorialChecks(table: string, t: { status: unknown; publishAt: unknown }) {
  return [
    check(`${table}_status_check`, sql`${t.status} in (${inList(EDITORIAL_STATUSES)})`),
    check(`${table}_schedule_check`, sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
  ];
}

/* Accounts: the tables better-auth keeps (users, sessions, linked accounts, verification tokens,
   rate-limit counters). JS property names are the library's field names. */

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
    username: text("username"),
    displayUsername: text("display_username"),
    role: text("role").notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true, mode: "date" }),
    // better-auth's twoFactor plugin reads this flag (issue 21).
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // A new address waiting for its verification link; the account keeps `email` until then.
    pendingEmail: text("pending_email"),
  },
  (t) => [
    // Unique without regard to case.
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    index("users_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_role_idx").on(t.role),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    token: text("token").notNull(),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    index("accounts_user_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId),
  ],
);

/* How the auth library reaches a session's user (and a user's accounts) in one query: with these
   relations it joins instead of asking twice (app/accounts/better-auth/library.server.ts turns joins on). */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("rate_limits_key_key").on(t.key)],
);

/**
 * An admin's invitation to a colleague (issue 33): the roles it gives, and the hash of the token its
 * mailed link carries (the token itself is never stored). Open until accepted, revoked or expired.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    // The roles, as users.role holds them (a comma-separated list).
    roles: text("roles").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    invitedByName: text("invited_by_name").notNull().default(""),
    createdAt: timestamps.createdAt,
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_created_idx").on(t.createdAt.desc()),
  ],
);

/** How people get accounts (issue 33): one row. Open sign-up gives anyone a reader's account. */
export const accountPolicy = pgTable(
  "account_policy",
  {
    id: integer("id").primaryKey().default(1),
    openSignUp: boolean("open_sign_up").notNull().default(true),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("account_policy_single_row", sql`${t.id} = 1`)],
);

/** better-auth's twoFactor plugin: one TOTP secret and the backup codes per account (both encrypted by the library). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * Every mail the site sends, queued in the same transaction as the action that asked for it, so an
 * SMTP failure never loses the action: a worker sends and retries. The bodies are cleared once sent
 * (they may hold single-use links).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    createdAt: timestamps.createdAt,
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // A server that takes a mail holds it until then, so two servers never send it twice.
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    // Where it went: "smtp" or "outbox" (the development outbox's file name).
    deliveredTo: text("delivered_to"),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("mail_outbox_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Who did what, when and from where: every admin write and every sign-in that failed or needed a
 * second factor. Never a password, token or secret (services/activity.server.ts redacts details).
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // Kept when the account is deleted: the log outlives its actors.
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    outcome: text("outcome").notNull().default("ok"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    check("activity_log_outcome_check", sql`${t.outcome} in ('ok', 'refused', 'failed')`),
    index("activity_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("activity_log_actor_idx").on(t.actorId, t.at.desc()),
    index("activity_log_action_idx").on(t.action, t.at.desc()),
  ],
);

/** Values the application generates once and shares between its servers (the session secret). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamps.createdAt,
});

// Site search (decision 025): `posts.search_vector`, and `articles.search_vector` with the PDF's
// words (`pdf_text`, `pdf_text_of`, `pdf_text_failed`, `pdf_text_claimed_at`), are columns of
// migration 0010 left out of these tables on purpose: whole-row selects, pages' loader data and the
// JSON API never carry them. services/search.server.ts and journal/pdf-text.server.ts read them by name.
/**
 * The news categories (issue 33): editors add, rename, reorder and delete them. The slug is the
 * stored value on posts, the public address and the JSON API's `category`; it never changes, so a
 * rename keeps every link. Migration 0016 starts with SPEC.md's four; `uncategorized` is the default.
 */
export const categories = pgTable(
  "categories",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("categories_name_key").on(sql`lower(${t.name})`),
    check("categories_name_check", sql`length(trim(${t.name})) > 0`),
  ],
);

/** Free tags (issue 33): one row a tag, its slug unique whatever the case it was typed in. */
export const tags = pgTable("tags", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamps.createdAt,
});

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    category: text("category")
      .notNull()
      .default("uncategorized")
      .references(() => categories.slug),
    image: text("image").notNull().default(""),
    content: text("content").notNull().default(""),
    // The editors' own summary for search engines, link previews and feeds (issue 22); empty: taken from the text.
    excerpt: text("excerpt").notNull().default(""),
    // The author; a post stays on the site when its author's account is deleted.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ...editorial,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("posts_slug_key").on(t.slug),
    ...editorialChecks("posts", t),
    // DESC with NULLS FIRST, as ORDER BY ... DESC means: otherwise the planner cannot walk the index.
    index("posts_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("posts_category_created_idx").on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("posts_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("posts_title_check", sql`length(trim(${t.title})) > 0`),
  ],
);

/** A post's tags, in the order its editor typed them. */
export const postTags = pgTable(
  "post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tag: text("tag")
      .notNull()
      .references(() => tags.slug, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] }), index("post_tags_tag_idx").on(t.tag, t.postId)],
);

/** A volume's issue of the journal; its articles form its table of contents. */
export const journalIssues = pgTable(
  "journal_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    volume: integer("volume").notNull(),
    number: integer("number").notNull(),
    year: integer("year").notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    cover: text("cover").notNull().default(""),
    publishedOn: date("published_on"),
    status: text("status").notNull().default("forthcoming"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("journal_issues_volume_number_key").on(t.volume, t.number),
    check("journal_issues_status_check", sql`${t.status} in (${inList(ISSUE_STATUSES)})`),
    check("journal_issues_numbers_check", sql`${t.volume} > 0 and ${t.number} > 0 and ${t.year} between 1900 and 2999`),
  ],
);

/** The journal's settings: one row, its fields validated by the journal settings form's schema. */
export const journalProfile = pgTable(
  "journal_profile",
  {
    id: integer("id").primaryKey().default(1),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("journal_profile_single_row", sql`${t.id} = 1`)],
);

/**
 * The journal's articles (SPEC.md calls them journals: the JSON API keeps its names `filename`,
 * `details` and `file` for `title`, `abstract` and `pdf`, api/records.server.ts). An article
 * without an issue is "online first".
 */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull().default(""),
    pdf: text("pdf").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // The scholarly article (issue 20).
    issueId: uuid("issue_id").references(() => journalIssues.id, { onDelete: "set null" }),
    section: text("section").notNull().default("research"),
    authors: jsonb("authors").$type<ArticleAuthor[]>().notNull().default([]),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    firstPage: integer("first_page"),
    lastPage: integer("last_page"),
    doi: text("doi"),
    // Null: the journal's default licence.
    licence: text("licence"),
    language: text("language").notNull().default("en"),
    receivedOn: date("received_on"),
    acceptedOn: date("accepted_on"),
    // Null: the day it went public (created_at).
    publishedOn: date("published_on"),
    references: jsonb("references").$type<string[]>().notNull().default([]),
    supplementary: jsonb("supplementary").$type<SupplementaryFile[]>().notNull().default([]),
    // Who paid for the work, as the article prints it; empty: not stated (migration 0014).
    funding: text("funding").notNull().default(""),
    // Set by a trigger on every change of the row: OAI-PMH's datestamp (migrations 0006, 0013).
    metadataChangedAt: timestamp("metadata_changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    ...editorial,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    uniqueIndex("articles_doi_key").on(t.doi),
    index("articles_issue_idx").on(t.issueId, t.section, t.firstPage),
    index("articles_metadata_changed_idx").on(t.metadataChangedAt, t.id),
    check("articles_section_check", sql`${t.section} in (${inList(ARTICLE_SECTIONS)})`),
    check("articles_licence_check", sql`${t.licence} is null or ${t.licence} in (${inList(LICENCE_IDS)})`),
    check(
      "articles_pages_check",
      sql`(${t.firstPage} is null or ${t.firstPage} > 0) and (${t.lastPage} is null or ${t.lastPage} >= coalesce(${t.firstPage}, 1))`,
    ),
    ...editorialChecks("articles", t),
    index("articles_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("articles_title_check", sql`length(trim(${t.title})) > 0`),
  ],
);

export const faculties = pgTable(
  "faculties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("faculties_name_key").on(sql`lower(${t.name})`),
    check("faculties_name_check", sql`length(trim(${t.name})) > 0`),
  ],
);

export const departments = pgTable(
  "departments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => faculties.id, { onDelete: "restrict" }),
    departimage: text("departimage").notNull().default(""),
    content: text("content").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("departments_faculty_idx").on(t.facultyId, t.name),
    uniqueIndex("departments_faculty_name_key").on(t.facultyId, sql`lower(${t.name})`),
    // Lets courses reference (department, faculty) together, so a course's department
    // always belongs to the course's faculty.
    unique("departments_id_faculty_key").on(t.id, t.facultyId),
    check("departments_name_check", sql`length(trim(${t.name})) > 0`),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    credits: integer("credits").notNull().default(3),
    semester: text("semester").notNull(),
    description: text("description").notNull().default(""),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => departments.id, { onDelete: "restrict" }),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => faculties.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("courses_code_key").on(sql`upper(${t.code})`),
    index("courses_department_idx").on(t.departmentId, t.code),
    index("courses_faculty_idx").on(t.facultyId),
    foreignKey({
      name: "courses_department_faculty_fkey",
      columns: [t.departmentId, t.facultyId],
      foreignColumns: [departments.id, departments.facultyId],
    }).onUpdate("cascade"),
    check("courses_credits_check", sql`${t.credits} between 1 and 6`),
    check("courses_semester_check", sql`${t.semester} in (${inList(SEMESTERS)})`),
    check("courses_name_check", sql`length(trim(${t.name})) > 0`),
    check("courses_code_check", sql`length(trim(${t.code})) > 0`),
  ],
);

/** One row per settings section; its fields are validated by the section's zod schema. */
export const siteSettings = pgTable(
  "site_settings",
  {
    section: text("section").primaryKey(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    check("site_settings_section_check", sql`${t.section} in (${inList([...SETTINGS_SECTIONS, SITE_LINKS_SECTION])})`),
  ],
);

export const staff = pgTable(
  "staff",
  {
    role: text("role").primaryKey(),
    name: text("name").notNull().default(""),
    post: text("post").notNull().default(""),
    email: text("email").notNull().default(""),
    description: text("description").notNull().default(""),
    photo: text("photo").notNull().default(""),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("staff_role_check", sql`${t.role} in (${inList(STAFF_ROLES)})`)],
);

/**
 * The earlier announcement. No page reads it since the call for papers became the journal
 * settings' (decision 040, migration 0017 copied it there); its revisions stay in the history.
 */
export const announcement = pgTable(
  "announcement",
  {
    id: integer("id").primaryKey().default(1),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("announcement_single_row", sql`${t.id} = 1`)],
);

export const focusPages = pgTable(
  "focus_pages",
  {
    key: text("key").primaryKey(),
    title: text("title").notNull().default(""),
    subtitle: text("subtitle").notNull().default(""),
    content: text("content").notNull().default(""),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("focus_pages_key_check", sql`${t.key} in (${inList(FOCUS_KEYS)})`)],
);

/** Every stored file: where it lives and what it is. */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull(),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    originalName: text("original_name").notNull().default(""),
    // The media library's words for the file: an image's text alternative and a caption. A file
    // an admin described is kept by the sweep of unused uploads (media.server.ts).
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
    // When a save last chose this file (a form accepting it): the sweep of unused uploads leaves
    // a file alone for a grace period after that, so it never races the save that attaches it.
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_storage_key_key").on(t.storageKey),
    index("media_created_idx").on(t.createdAt.desc().nullsFirst()),
    // A user's uploads of the last hour (the rate limit) and all of them (the quota).
    index("media_uploaded_by_idx").on(t.uploadedBy, t.createdAt),
    check("media_kind_check", sql`${t.kind} in (${inList(MEDIA_KINDS)})`),
    check("media_size_check", sql`${t.sizeBytes} >= 0`),
  ],
);

/**
 * Every save of an edited record, as it was saved (who, when): the editor lists them and restores
 * one. `record_id` is the row's id, or the section or key for site content.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    version: integer("version").notNull(),
    data: jsonb("data").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("revisions_record_idx").on(t.kind, t.recordId, t.createdAt.desc().nullsFirst()),
    check("revisions_kind_check", sql`${t.kind} in (${inList(REVISION_KINDS)})`),
  ],
);

/** A post's or article's earlier slugs: their addresses answer a permanent redirect to the current one. */
export const slugHistory = pgTable(
  "slug_history",
  {
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    recordId: uuid("record_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("slug_history_kind_slug_key").on(t.kind, t.slug),
    index("slug_history_record_idx").on(t.recordId),
  ],
);

/** A private, expiring address that shows a draft or unsaved changes as the public page would. */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    token: text("token").primaryKey(),
    kind: text("kind").notNull(),
    recordId: uuid("record_id"),
    data: jsonb("data").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("preview_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Views of an article's page and downloads of its PDF as the site counted them before readership
 * (issue 35) counted by COUNTER's rules into readership_daily. Kept as they were; nothing adds to them.
 */
export const articleUsage = pgTable("article_usage", {
  articleId: uuid("article_id")
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  views: bigint("views", { mode: "number" }).notNull().default(0),
  downloads: bigint("downloads", { mode: "number" }).notNull().default(0),
});

/**
 * Articles that were public and no longer are (unpublished, trashed, deleted for good), kept for
 * good: OAI-PMH reports them as deleted records. Filled by triggers on articles and journal_issues
 * (migrations 0006, 0012, 0013).
 */
export const journalWithdrawals = pgTable(
  "journal_withdrawals",
  {
    articleId: uuid("article_id").primaryKey(),
    slug: text("slug").notNull(),
    issueId: uuid("issue_id"),
    section: text("section").notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("journal_withdrawals_withdrawn_idx").on(t.withdrawnAt, t.articleId)],
);

/**
 * Where a record of the earlier system went (`npm run import`, decision 028): the collection and
 * the old MongoDB `_id` (24 hex digits) → the new row's id, so old links and API calls by id keep
 * working and a second import skips what the first brought in. Downloaded files are kept here too
 * (collection "media": the external URL → the address of the stored copy).
 */
export const legacyIds = pgTable(
  "legacy_ids",
  {
    collection: text("collection").notNull(),
    oldId: text("old_id").notNull(),
    newId: text("new_id").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.oldId] }), index("legacy_ids_old_id_idx").on(t.oldId)],
);

/* Online submission and peer review (issue 34; app/submissions/, decision 041). */

/** A submission's number, given when it is submitted (drafts have none), shown to everyone as "#12". */
export const submissionNumbers = pgSequence("submission_numbers");

/**
 * A manuscript on its way through the journal: a draft its author fills in, then submitted,
 * reviewed in rounds, decided; on acceptance it becomes a draft article (`article_id`).
 */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number"),
    // The account that submitted it; kept when the account goes (the authors are in `authors`).
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    stage: text("stage").notNull().default("draft"),
    round: integer("round").notNull().default(1),
    title: text("title").notNull().default(""),
    abstract: text("abstract").notNull().default(""),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    section: text("section").notNull().default("research"),
    language: text("language").notNull().default("en"),
    funding: text("funding").notNull().default(""),
    competingInterests: text("competing_interests").notNull().default(""),
    coverLetter: text("cover_letter").notNull().default(""),
    authors: jsonb("authors").$type<ArticleAuthor[]>().notNull().default([]),
    suggestedReviewers: jsonb("suggested_reviewers").$type<NamedReviewer[]>().notNull().default([]),
    opposedReviewers: jsonb("opposed_reviewers").$type<NamedReviewer[]>().notNull().default([]),
    // The checklist items the author confirmed, by their text when confirmed.
    checklist: jsonb("checklist").$type<string[]>().notNull().default([]),
    // The handling editor: a journal manager (or admin) the editor in chief assigned.
    editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    articleId: uuid("article_id").references(() => articles.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("submissions_number_key").on(t.number),
    index("submissions_stage_idx").on(t.stage, t.stageChangedAt),
    index("submissions_author_idx").on(t.authorId, t.createdAt.desc()),
    index("submissions_editor_idx").on(t.editorId, t.stage),
    index("submissions_submitted_idx").on(t.submittedAt.desc(), t.id),
    check("submissions_stage_check", sql`${t.stage} in (${inList(SUBMISSION_STAGES)})`),
    check("submissions_section_check", sql`${t.section} in (${inList(ARTICLE_SECTIONS)})`),
    check("submissions_number_check", sql`${t.stage} = 'draft' or ${t.number} is not null`),
    check("submissions_round_check", sql`${t.round} >= 1`),
  ],
);

/**
 * A submission's files, kept in the private store (never under /uploads/): every version stays, by
 * round. `anonymised_key` is the copy reviewers download (no author in its metadata).
 */
export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    round: integer("round").notNull().default(1),
    kind: text("kind").notNull(),
    // The review an annotated copy belongs to.
    reviewId: uuid("review_id"),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull(),
    anonymisedKey: text("anonymised_key"),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    // Author names found in the file's text or metadata when it was uploaded (the author is warned).
    namesFound: jsonb("names_found").$type<{ name: string; where: "text" | "metadata" }[]>().notNull().default([]),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("submission_files_submission_idx").on(t.submissionId, t.round, t.createdAt),
    check("submission_files_kind_check", sql`${t.kind} in (${inList(SUBMISSION_FILE_KINDS)})`),
  ],
);

/** What happened to a submission, when and by whom: its history and the source of the figures. */
export const submissionEvents = pgTable(
  "submission_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    round: integer("round").notNull().default(1),
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [
    index("submission_events_submission_idx").on(t.submissionId, t.at),
    index("submission_events_kind_idx").on(t.kind, t.at),
  ],
);

/** The editors' discussion of a submission: never shown to authors or reviewers. */
export const submissionNotes = pgTable(
  "submission_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("submission_notes_submission_idx").on(t.submissionId, t.createdAt)],
);

/** The journal's reviewer pool: people invited to review, most with no account here. */
export const reviewers = pgTable(
  "reviewers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    affiliation: text("affiliation").notNull().default(""),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("reviewers_email_key").on(sql`lower(${t.email})`)],
);

/**
 * One reviewer asked to review one round of a submission. Its link's token is kept as a hash only;
 * the link works while the review is invited or accepted. What the author reads is `for_author_edited`
 * when an editor changed it, the reviewer's `for_author` staying on record.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => reviewers.id, { onDelete: "restrict" }),
    round: integer("round").notNull(),
    status: text("status").notNull().default("invited"),
    tokenHash: text("token_hash").notNull(),
    // The link's token is an HMAC of the review's id and this number with the site's secret, so the
    // reminders can send the same link again; a new number (a cancellation, a new invitation) ends the old link.
    linkGeneration: integer("link_generation").notNull().default(1),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    dueOn: date("due_on").notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true, mode: "date" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    declineReason: text("decline_reason").notNull().default(""),
    suggestedColleague: text("suggested_colleague").notNull().default(""),
    recommendation: text("recommendation"),
    forAuthor: text("for_author").notNull().default(""),
    forAuthorEdited: text("for_author_edited"),
    forEditor: text("for_editor").notNull().default(""),
    // Open review only: the reviewer agreed that the author may see their name.
    nameShown: boolean("name_shown").notNull().default(false),
    // Sent back to the reviewer with a note (the review is "accepted" again until resubmitted).
    returnedAt: timestamp("returned_at", { withTimezone: true, mode: "date" }),
    returnNote: text("return_note").notNull().default(""),
    remindedBeforeAt: timestamp("reminded_before_at", { withTimezone: true, mode: "date" }),
    remindedAfterAt: timestamp("reminded_after_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("reviews_token_hash_key").on(t.tokenHash),
    index("reviews_submission_idx").on(t.submissionId, t.round),
    index("reviews_reviewer_idx").on(t.reviewerId, t.status),
    index("reviews_due_idx")
      .on(t.dueOn)
      .where(sql`${t.status} in ('invited', 'accepted')`),
    // One live invitation per reviewer and round.
    uniqueIndex("reviews_live_key")
      .on(t.submissionId, t.reviewerId, t.round)
      .where(sql`${t.status} in ('invited', 'accepted', 'submitted')`),
    check("reviews_status_check", sql`${t.status} in (${inList(REVIEW_STATUSES)})`),
    check(
      "reviews_recommendation_check",
      sql`${t.recommendation} is null or ${t.recommendation} in (${inList(REVIEW_RECOMMENDATIONS)})`,
    ),
    check("reviews_submitted_check", sql`${t.status} <> 'submitted' or ${t.recommendation} is not null`),
  ],
);

/**
 * An editor's decision on a round, with the letter the author was sent; or, where the journal asks
 * section editors to recommend (`recommendation`), a recommendation for the editor in chief.
 */
export const editorDecisions = pgTable(
  "editor_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    decision: text("decision").notNull(),
    recommendation: boolean("recommendation").notNull().default(false),
    editorId: text("editor_id").references(() => users.id, { onDelete: "set null" }),
    letter: text("letter").notNull().default(""),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("editor_decisions_submission_idx").on(t.submissionId, t.createdAt),
    index("editor_decisions_created_idx").on(t.createdAt, t.decision),
    check("editor_decisions_decision_check", sql`${t.decision} in (${inList(EDITOR_DECISIONS)})`),
  ],
);

/** The workflow's settings (one row): where authors submit, the review model, checklist, mail templates. */
export const submissionSettings = pgTable(
  "submission_settings",
  {
    id: integer("id").primaryKey().default(1),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("submission_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * Readership (issue 35, decision 043): one counted request (a 200 or 304 answer to a public GET),
 * from a server's spool until it is summed, and kept a little longer for the double-click and
 * unique-item rules. No address and no user agent: `reader` is a one-way hash of both with a secret of
 * the day (readership_secrets), deleted after a few days; COUNTER's session is the reader and the hour.
 */
export const readershipEvents = pgTable(
  "readership_events",
  {
    /** The server's instance and its sequence: a spool line sent twice is stored once. */
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** The reader: a one-way hash of the address and the user agent with the secret of the day. */
    reader: text("reader").notNull(),
    kind: text("kind").notNull(),
    itemType: text("item_type").notNull(),
    /** What was read, as its address named it (a slug or a path): the double-click rule's "same URL". */
    target: text("target").notNull(),
    referrerHost: text("referrer_host"),
    country: text("country"),
    robot: boolean("robot").notNull().default(false),
    /** When the daily figures took it in; null until then. */
    summedAt: timestamp("summed_at", { withTimezone: true, mode: "date" }),
    /**
     * Whether the summing counted it (false: a click followed within 30 s, or a robot's); null until
     * summed. A late click stands aside only for one that was counted.
     */
    counted: boolean("counted"),
  },
  (t) => [
    index("readership_events_unsummed_idx")
      .on(t.at)
      .where(sql`${t.summedAt} is null`),
    index("readership_events_reader_idx").on(t.reader, t.target, t.at),
    index("readership_events_summed_idx")
      .on(t.at)
      .where(sql`${t.summedAt} is not null`),
    check("readership_events_kind_check", sql`${t.kind} in (${inList(READ_KINDS)})`),
    check("readership_events_item_type_check", sql`${t.itemType} in (${inList(READERSHIP_ITEM_TYPES)})`),
  ],
);

/**
 * The daily figures: for each day, metric and item (an article's or post's id, or a page's path),
 * how many, by COUNTER's rules; robots apart (readership_robots).
 */
export const readershipDaily = pgTable(
  "readership_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    itemType: text("item_type").notNull(),
    itemKey: text("item_key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.metric, t.itemType, t.itemKey] }),
    index("readership_daily_item_idx").on(t.itemType, t.itemKey, t.metric, t.day),
    // A period's figures of one metric and kind of item, read from the index alone (it holds every column).
    index("readership_daily_period_idx").on(t.metric, t.itemType, t.day, t.itemKey, t.count),
    check("readership_daily_metric_check", sql`${t.metric} in (${inList(READERSHIP_METRICS)})`),
    check("readership_daily_item_type_check", sql`${t.itemType} in (${inList(READERSHIP_ITEM_TYPES)})`),
  ],
);

/**
 * Sums of readership_daily that its triggers keep (migration 0020, decision 045): every metric's total
 * by day over the whole site, and each item's figures by month. A long period's chart then reads a row
 * a day, and its top lists a row a month for each item, not one a day. Derived: left out of backups
 * (a restore's daily rows make them again) and never written by the application.
 */
export const readershipSiteDaily = pgTable(
  "readership_site_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

export const readershipMonthly = pgTable(
  "readership_monthly",
  {
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    itemType: text("item_type").notNull(),
    itemKey: text("item_key").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.metric, t.itemType, t.itemKey] }),
    index("readership_monthly_item_idx").on(t.itemType, t.itemKey, t.metric, t.month),
    index("readership_monthly_period_idx").on(t.metric, t.itemType, t.month, t.itemKey, t.count),
  ],
);

/**
 * An article's investigations and requests by day and by month, one row for both (decision 047):
 * what the Analytics tab ranks and sums by issue over any period. Half the rows of readership_daily's,
 * keyed by the article's uuid, read from the index alone. Derived by readership_daily's triggers like
 * the sums above; keys that are no article's id (an article deleted before its reads were summed,
 * kept under its slug) stay in readership_daily and the COUNTER reports only.
 */
export const readershipArticleDaily = pgTable(
  "readership_article_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    article: uuid("article").notNull(),
    investigations: integer("investigations").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.article] }),
    index("readership_article_daily_period_idx").on(t.day, t.article, t.investigations, t.requests),
    // One article's rows, which move with it when it changes issue (decision 050).
    index("readership_article_daily_article_idx").on(t.article, t.day, t.investigations, t.requests),
  ],
);

export const readershipArticleMonthly = pgTable(
  "readership_article_monthly",
  {
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    article: uuid("article").notNull(),
    // integer, not bigint: their sums are then bigint, not numeric (a year's are summed in half the time).
    investigations: integer("investigations").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.article] }),
    index("readership_article_monthly_period_idx").on(t.month, t.article, t.investigations, t.requests),
  ],
);

/**
 * The articles' sums by week (Monday to Sunday; decision 050): the loose days at a long period's
 * edges are read as their whole weeks and a few days, not day by day. Derived like the two above.
 */
export const readershipArticleWeekly = pgTable(
  "readership_article_weekly",
  {
    /** The week's Monday. */
    week: date("week", { mode: "string" }).notNull(),
    article: uuid("article").notNull(),
    investigations: integer("investigations").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.article] }),
    index("readership_article_weekly_period_idx").on(t.week, t.article, t.investigations, t.requests),
  ],
);

/** The key of the issue sums' row of the articles that are in no issue (uuid's nil). */
export const NO_ISSUE = "00000000-0000-0000-0000-000000000000";

/**
 * The sums of each issue's articles' investigations and requests by day and by month (decision
 * 050): the Analytics tab's issues side by side without joining a period's article rows to the
 * articles. Derived by readership_article_daily's trigger from the issue each article is in, and
 * moved with the article when it changes issue or is deleted; NO_ISSUE for the articles in none.
 */
export const readershipIssueDaily = pgTable(
  "readership_issue_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    issue: uuid("issue").notNull(),
    investigations: integer("investigations").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.issue] })],
);

export const readershipIssueMonthly = pgTable(
  "readership_issue_monthly",
  {
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    issue: uuid("issue").notNull(),
    investigations: integer("investigations").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.issue] })],
);

/** Tables the database derives from others (by trigger): a backup leaves them out. */
export const DERIVED_TABLES: readonly string[] = [
  "readership_site_daily",
  "readership_monthly",
  "readership_article_daily",
  "readership_article_monthly",
  "readership_article_weekly",
  "readership_issue_daily",
  "readership_issue_monthly",
];

/** Page views by the referring site's host, per day ("" when none came from another site). */
export const readershipReferrers = pgTable(
  "readership_referrers",
  {
    day: date("day", { mode: "string" }).notNull(),
    host: text("host").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.host] })],
);

/** Page views by the reader's country, per day, where a trusted proxy names it (READERSHIP_COUNTRY_HEADER). */
export const readershipCountries = pgTable(
  "readership_countries",
  {
    day: date("day", { mode: "string" }).notNull(),
    country: text("country").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.country] })],
);

/** Requests by robots and crawlers (the COUNTER list and isbot), counted apart and never in a report. */
export const readershipRobots = pgTable(
  "readership_robots",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

/** Days on which one source (one reader session) read one item unusually often: flagged for a person to look at. */
export const readershipSpikes = pgTable(
  "readership_spikes",
  {
    day: date("day", { mode: "string" }).notNull(),
    itemType: text("item_type").notNull(),
    itemKey: text("item_key").notNull(),
    /** The most counted reads of the item by one session that day. */
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.itemType, t.itemKey] })],
);

/** The secret of each day that readers are hashed with; deleted after READERSHIP_SECRET_DAYS. */
export const readershipSecrets = pgTable("readership_secrets", {
  day: date("day", { mode: "string" }).primaryKey(),
  secret: text("secret").notNull(),
});

/** Keys an admin issues for the COUNTER API (/r51): only a hash is kept. */
export const counterApiKeys = pgTable(
  "counter_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The COUNTER customer_id the key answers for. */
    customerId: text("customer_id").notNull(),
    /** Who holds it: an institution or a harvester, as the admin named it. */
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("counter_api_keys_key_hash_key").on(t.keyHash),
    uniqueIndex("counter_api_keys_customer_key").on(t.customerId),
  ],
);
