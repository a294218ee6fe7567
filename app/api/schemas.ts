import { profileSchema, signUpSchema } from "~/accounts/forms";
import { FILL_ALL_FIELDS } from "~/domain/messages/forms";
import {
  EDITORIAL_STATUSES,
  FOCUS_KEYS,
  type PostCategory,
  SEMESTERS,
  SETTINGS_SECTIONS,
  STAFF_ROLES,
} from "~/domain/vocabulary";
import { courseSchema, departmentSchema, facultySchema } from "~/lib/forms/academics";
import { postSchema } from "~/lib/forms/publishing";
import { announcementSchema, focusSchema, settingsSchema, staffSchema } from "~/lib/forms/site-content";
import { z } from "~/lib/zod";

/**
 * The JSON API's request and response shapes (SPEC.md section 7). Request bodies are built from
 * the very schemas the HTML forms validate with (their `.shape` fields), renamed where the
 * earlier client used other names, so a rule or message lives in one place. Responses are
 * strict: the contract test fails if a response carries a field the document does not name.
 */

// ---------- building blocks ----------

const isoDateTime = z.string().meta({ format: "date-time", description: "ISO 8601 date and time" });
export const id = z.string().meta({ description: "The record's id" });

/** Missing says SPEC.md's words; a wrong type gets the general "must be text". */
const missingIsEmpty = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? FILL_ALL_FIELDS : undefined,
};

/** A text field the person must fill in, with SPEC.md's message when it is missing or empty. */
const filled = <T extends z.ZodType<string, string>>(rule: T) =>
  z.string(missingIsEmpty).trim().min(1, FILL_ALL_FIELDS).pipe(rule);

/**
 * Fields of a whole record sent back on update (SPEC.md: "JSON with the whole edited record"): accepted and
 * ignored.
 */
const echoedRecordFields = {
  _id: z.unknown().optional().meta({ description: "Ignored: the path names the record" }),
  id: z.unknown().optional().meta({ description: "Ignored" }),
  createdAt: z.unknown().optional().meta({ description: "Ignored" }),
  updatedAt: z.unknown().optional().meta({ description: "Ignored" }),
  __v: z.unknown().optional().meta({ description: "Ignored" }),
};

/** A reference to another record: its id, or the `{_id, name}` object the read calls return. */
const reference = (rule: z.ZodType<string, string>) =>
  z.union([
    rule,
    z
      .object({ _id: rule })
      .loose()
      .transform((ref) => ref._id),
  ]);

/** A whole number in a query string ("0", "9"...). */
export const wholeNumberParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number.`)
    .transform(Number)
    .meta({ description: `${name}: a whole number` });

// ---------- request bodies ----------

export const signUpBody = z.strictObject({
  username: filled(signUpSchema.shape.username),
  email: filled(signUpSchema.shape.email),
  password: z.string(missingIsEmpty).min(1, FILL_ALL_FIELDS).pipe(signUpSchema.shape.password),
});

export const signInBody = z.strictObject({
  username: filled(z.string().max(320)).meta({ description: "Username or e-mail address" }),
  password: z.string(missingIsEmpty).min(1, FILL_ALL_FIELDS).max(128, "Password is too long"),
});

export const twoFactorBody = z.strictObject({
  code: filled(z.string().max(40)).meta({ description: "The 6-digit code from the app, or a backup code" }),
  trustDevice: z.boolean().optional().meta({ description: "Skip this step on this client for 30 days" }),
});

export const googleSignInBody = z.strictObject({
  idToken: z
    .string({ error: "Send the ID token Google gave you (idToken); a name and e-mail alone are not accepted." })
    .min(1, "Send the ID token Google gave you (idToken); a name and e-mail alone are not accepted.")
    .max(8192, "That is not a Google ID token.")
    .meta({ description: "The signed ID token (the `credential` of Google Identity Services)" }),
  // The earlier client's fields: the identity comes from the verified token, never from these.
  name: z.string().max(500).optional().meta({ description: "Ignored: the token says who you are" }),
  email: z.string().max(500).optional().meta({ description: "Ignored" }),
  googlePhotoUrl: z.string().max(2000).optional().meta({ description: "Ignored" }),
});

export const updateUserBody = z
  .strictObject({
    username: profileSchema.shape.username,
    email: profileSchema.shape.email,
    password: profileSchema.shape.password,
    currentPassword: profileSchema.shape.currentPassword.meta({
      description: "Needed to change your own e-mail or password",
    }),
    profilePhoto: profileSchema.shape.image.meta({ description: "An image uploaded through /api/uploads" }),
    ...echoedRecordFields,
    isAdmin: z.unknown().optional().meta({ description: "Ignored: admins are made in the Users tab" }),
  })
  .meta({ description: "Only the fields that change" });

/** What a post or journal article may say about its state when saved; without them it is published now. */
export const editorialBody = {
  status: z.enum(EDITORIAL_STATUSES).optional().meta({ description: "draft, scheduled or published (the default)" }),
  publishAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .meta({ description: "When to publish a scheduled item (ISO 8601 with its offset)" }),
};
const versionBody = {
  version: z.int().min(1).optional().meta({ description: "The version loaded: a save over a newer one is refused" }),
};

/**
 * Categories as the earlier client sends them (issue 23): its placeholder's spelling, and `news`, the
 * one value its Fees, Course and Exams options all carried, which therefore names none of them.
 */
const EARLIER_CATEGORIES = { uncategories: "uncategorized", news: "uncategorized" } as const;
const postCategory = z
  .union([
    postSchema.shape.category,
    z
      .enum(Object.keys(EARLIER_CATEGORIES) as (keyof typeof EARLIER_CATEGORIES)[])
      .meta({ description: "The earlier client's values, taken as uncategorized", deprecated: true }),
  ])
  .transform((category): PostCategory =>
    category === "uncategories" || category === "news" ? EARLIER_CATEGORIES[category] : category,
  );

/**
 * What a saved post's or article's body carries beside its fields: the record's fields the earlier
 * client echoes back, the version loaded, and the slug and author it had.
 */
export const editedRecordFields = {
  ...echoedRecordFields,
  ...versionBody,
  slug: z.unknown().optional(),
  userId: z.unknown().optional(),
};

export const postBody = z.strictObject({
  title: postSchema.shape.title,
  category: postCategory.default("uncategorized"),
  image: postSchema.shape.image.default(""),
  content: postSchema.shape.content.default(""),
  excerpt: postSchema.shape.excerpt
    .optional()
    .meta({ description: "Plain text for search engines and link previews; left out on update: kept as it is" }),
  tags: z
    .array(z.string().max(50))
    .max(20)
    .optional()
    .meta({ description: "The post's tags by name; left out on update: kept as they are" }),
  ...editorialBody,
});

export const updatePostBody = postBody.extend(editedRecordFields);

export const facultyBody = z.strictObject({ name: facultySchema.shape.name, ...echoedRecordFields });

export const departmentBody = z.strictObject({
  name: departmentSchema.shape.name,
  faculty: reference(departmentSchema.shape.facultyId).meta({ description: "The faculty's id" }),
  departimage: departmentSchema.shape.departimage,
  content: departmentSchema.shape.content,
  ...echoedRecordFields,
  courses: z.unknown().optional().meta({ description: "Ignored" }),
});

export const courseBody = z.strictObject({
  name: courseSchema.shape.name,
  code: courseSchema.shape.code,
  credits: courseSchema.shape.credits,
  semester: courseSchema.shape.semester,
  description: courseSchema.shape.description,
  department: reference(courseSchema.shape.departmentId).meta({ description: "The department's id" }),
  faculty: reference(courseSchema.shape.facultyId).meta({ description: "The faculty's id" }),
  ...echoedRecordFields,
});

/** One body per settings section: its fields, all required. */
export const settingsBodies = Object.fromEntries(
  SETTINGS_SECTIONS.map((section) => [
    section,
    settingsSchema(section)
      .extend({
        section: z.unknown().optional().meta({ description: "Ignored: the path names the section" }),
        ...echoedRecordFields,
      })
      .strict()
      .meta({ title: section }),
  ]),
) as unknown as Record<(typeof SETTINGS_SECTIONS)[number], z.ZodType>;

export const staffBody = staffSchema
  .omit({ role: true })
  .extend({
    role: z.unknown().optional().meta({ description: "Ignored: the path names the role" }),
    ...echoedRecordFields,
  })
  .strict();

export const announcementBody = z.strictObject({ ...announcementSchema.shape, ...echoedRecordFields });

export const focusBody = z.strictObject({
  key: focusSchema.shape.key,
  title: focusSchema.shape.title.optional(),
  subtitle: focusSchema.shape.subtitle.optional(),
  content: focusSchema.shape.content.optional(),
  file: z
    .unknown()
    .optional()
    .meta({ description: "Ignored: focus pages have no file (the earlier client sends null)" }),
});

// ---------- responses ----------

export const errorResponse = z
  .strictObject({
    success: z.literal(false),
    statusCode: z.int(),
    message: z.string(),
    holds: z
      .strictObject({ departments: z.int(), courses: z.int() })
      .optional()
      .meta({ description: "What a faculty or department still holds (409 on delete)" }),
    twoFactorRequired: z
      .literal(true)
      .optional()
      .meta({ description: "Sign-in: the password was right; send the code to POST /api/auth/two-factor (401)" }),
  })
  .meta({ title: "Error" });

export const messageResponse = z
  .strictObject({ success: z.literal(true), message: z.string() })
  .meta({ title: "Message" });

/** A stored record as the API answers with it: its `_id` first, named `title` in the document. */
export const record = <Shape extends z.ZodRawShape>(title: string, shape: Shape) =>
  z.strictObject({ _id: id, ...shape }).meta({ title });

/** What a post and a journal article end with: who wrote it, when, and where it stands (decision 020). */
export const authored = {
  userId: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  status: z.enum(EDITORIAL_STATUSES).meta({ description: "Only admins ever see drafts and scheduled items" }),
  publishAt: isoDateTime.nullable().meta({ description: "When a scheduled item goes public" }),
  version: z.int().meta({ description: "Send it back with an update: a save over a newer one is refused (409)" }),
};

export const userRecord = record("User", {
  username: z.string(),
  email: z.string(),
  profilePhoto: z.string(),
  isAdmin: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const postRecord = record("Post", {
  slug: z.string(),
  title: z.string(),
  category: z.string().meta({ description: "The category's slug (editors keep the list)" }),
  image: z.string(),
  content: z.string().meta({ description: "Sanitised HTML" }),
  excerpt: z.string().meta({ description: "The editors' summary (plain text); empty: none was written" }),
  ...authored,
});

const ref = z.strictObject({ _id: id, name: z.string() });

export const facultyRecord = record("Faculty", { name: z.string() });

export const departmentRecord = record("Department", {
  name: z.string(),
  faculty: ref,
  departimage: z.string(),
  content: z.string(),
});

export const courseRecord = record("Course", {
  name: z.string(),
  code: z.string(),
  credits: z.int().min(1).max(6),
  semester: z.enum(SEMESTERS),
  description: z.string(),
  department: ref,
  faculty: ref,
});

export const departmentPage = departmentRecord
  .extend({ courses: z.array(courseRecord.omit({ department: true, faculty: true })) })
  .meta({ title: "DepartmentWithCourses" });

export const settingsRecord = z
  .object({ section: z.enum(SETTINGS_SECTIONS) })
  .catchall(z.string())
  .meta({ title: "Settings", description: "The section's fields (SPEC.md section 5)" });

export const staffRecord = z
  .strictObject({
    role: z.enum(STAFF_ROLES),
    name: z.string(),
    post: z.string(),
    email: z.string(),
    description: z.string(),
    photo: z.string(),
  })
  .meta({ title: "Staff" });

export const staffByRole = z.strictObject(
  Object.fromEntries(STAFF_ROLES.map((role) => [role, staffRecord])) as Record<
    (typeof STAFF_ROLES)[number],
    typeof staffRecord
  >,
);

export const announcementRecord = z
  .strictObject({ title: z.string(), content: z.string() })
  .meta({ title: "Announcement" });

export const focusRecord = z
  .strictObject({ key: z.enum(FOCUS_KEYS), title: z.string(), subtitle: z.string(), content: z.string() })
  .meta({ title: "Focus" });

export const total = z.int().min(0).meta({ description: "How many records match, over all pages" });

export const postsList = z.strictObject({ posts: z.array(postRecord), total, totalPosts: total, hasMore: z.boolean() });
export const usersList = z.strictObject({ users: z.array(userRecord), total, hasMore: z.boolean() });

const nullableText = z.string().nullable();
export const activityEntry = z
  .strictObject({
    id,
    at: isoDateTime,
    actor: z.strictObject({ id: nullableText, name: nullableText }),
    action: z.string().meta({ description: "<group>.<name>: posts.delete-post, sign-in.failed..." }),
    target: z.strictObject({ kind: nullableText, id: nullableText, label: nullableText }),
    outcome: z.enum(["ok", "refused", "failed"]),
    ipAddress: nullableText,
    userAgent: nullableText,
    details: z.record(z.string(), z.unknown()).nullable().meta({ description: "What was sent, redacted" }),
  })
  .meta({ id: "ActivityEntry" });
export const activityPage = z.strictObject({
  entries: z.array(activityEntry),
  hasMore: z.boolean(),
  next: z.string().nullable().meta({ description: "Pass as `after` for the next page" }),
});

/**
 * The account at the top level, as the earlier server answered (its client reads `_id`, `isAdmin`…
 * there), and again under `user` with `success` for newer clients.
 */
export const signInResponse = userRecord
  .extend({ success: z.literal(true), message: z.string(), user: userRecord })
  .meta({ title: "SignedIn" });
/** A saved post or article: the message, its (perhaps new) slug, and the record. */
export const savedWithSlug = { success: z.literal(true), message: z.string(), slug: z.string() };
export const savedPostResponse = z.strictObject({ ...savedWithSlug, post: postRecord });
export const savedAnnouncementResponse = announcementRecord.extend({ success: z.literal(true), message: z.string() });
