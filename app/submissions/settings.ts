import { z } from "zod";

/**
 * The workflow's settings (issue 34): where authors submit, the review model, the checklist and
 * guidelines, who decides, the reminders, and the text of every mail, which the journal manager
 * edits. Pure: the settings tab, the services and the tests read the same declaration.
 */

export const REVIEW_MODELS = ["double-blind", "single-blind", "open"] as const;
export type ReviewModel = (typeof REVIEW_MODELS)[number];

export const REVIEW_MODEL_LABELS: Record<ReviewModel, string> = {
  "double-blind": "Double-blind: reviewers and authors do not learn each other's names",
  "single-blind": "Single-blind: reviewers see the authors' names; authors never see the reviewers'",
  open: "Open: reviewers may agree that the author sees their name",
};

/** Each mail of the workflow, who receives it, and the placeholders its text may use. */
export const MAIL_TEMPLATES = {
  "submission-received": {
    label: "To the author: submission received",
    placeholders: ["journal", "number", "title", "link"],
    subject: "{journal}: submission {number} received",
    body: 'Thank you for submitting "{title}" to {journal}. Its number is {number}.\n\nYou can follow it at any time, and read our letters, on your submissions page: {link}',
  },
  "new-submission": {
    label: "To the editors: a new submission",
    placeholders: ["journal", "number", "title", "link"],
    subject: "New submission {number}: {title}",
    body: 'A new submission has arrived: {number}, "{title}".\n\nOpen it on the editor\'s desk: {link}',
  },
  "editor-assigned": {
    label: "To the handling editor: assigned",
    placeholders: ["journal", "number", "title", "link"],
    subject: "You are the handling editor of {number}",
    body: 'You have been assigned submission {number}, "{title}", as its handling editor.\n\nOpen it on the editor\'s desk: {link}',
  },
  "review-invitation": {
    label: "To a reviewer: invitation",
    placeholders: ["journal", "reviewer", "title", "abstract", "due", "link"],
    subject: "{journal}: would you review a manuscript?",
    body: 'Dear {reviewer},\n\nWe would be grateful if you would review the manuscript "{title}" for {journal}. The review would be due on {due}.\n\nAbstract:\n{abstract}\n\nThe link below shows the invitation, where one click accepts or declines. You need no account. Please do not forward it: it opens this review only.\n\n{link}',
  },
  "review-reminder": {
    label: "To a reviewer: reminder before the due date",
    placeholders: ["journal", "reviewer", "due", "link"],
    subject: "{journal}: your review is due on {due}",
    body: "Dear {reviewer},\n\nA reminder that your review for {journal} is due on {due}. Your link: {link}",
  },
  "review-overdue": {
    label: "To a reviewer: reminder after the due date",
    placeholders: ["journal", "reviewer", "due", "link"],
    subject: "{journal}: your review was due on {due}",
    body: "Dear {reviewer},\n\nYour review for {journal} was due on {due}. If you need more time, please reply to this e-mail. Your link: {link}",
  },
  "review-cancelled": {
    label: "To a reviewer: review cancelled",
    placeholders: ["journal", "reviewer"],
    subject: "{journal}: your review is no longer needed",
    body: "Dear {reviewer},\n\nThe editors no longer need your review of the manuscript we sent you. Thank you for your time; the link we sent no longer works.",
  },
  "review-returned": {
    label: "To a reviewer: review sent back",
    placeholders: ["journal", "reviewer", "note", "link"],
    subject: "{journal}: a question about your review",
    body: "Dear {reviewer},\n\nThank you for your review. The editor has sent it back to you with this note:\n\n{note}\n\nYou can change it and send it again with your link: {link}",
  },
  "review-thanks": {
    label: "To a reviewer: thank you",
    placeholders: ["journal", "reviewer", "link"],
    subject: "{journal}: thank you for your review",
    body: "Dear {reviewer},\n\nThank you for your review. Your certificate of reviewing can be downloaded from your link: {link}",
  },
  "review-link": {
    label: "To a reviewer: their link, asked for again",
    placeholders: ["journal", "reviewer", "due", "link"],
    subject: "{journal}: your review link",
    body: "Dear {reviewer},\n\nYou asked for the link to your review for {journal} (due on {due}). Here it is: {link}\n\nPlease do not forward it: it opens this review only.",
  },
  "review-in": {
    label: "To the handling editor: a review is in",
    placeholders: ["journal", "number", "title", "link"],
    subject: "A review of {number} is in",
    body: 'A reviewer has submitted a review of {number}, "{title}".\n\nRead it on the editor\'s desk: {link}',
  },
  "review-answered": {
    label: "To the handling editor: a reviewer answered",
    placeholders: ["journal", "number", "answer", "link"],
    subject: "A reviewer {answer} the invitation for {number}",
    body: "A reviewer {answer} the invitation to review {number}.\n\nOpen it on the editor's desk: {link}",
  },
  "decision-send-to-review": {
    label: "To the author: sent to review",
    placeholders: ["journal", "author", "number", "title", "link"],
    subject: "{journal}: submission {number} is under review",
    body: 'Dear {author},\n\nYour submission {number}, "{title}", has been sent to reviewers. We will write again once we have their reviews.\n\nYou can follow it here: {link}',
  },
  "decision-accept": {
    label: "To the author: accepted",
    placeholders: ["journal", "author", "number", "title", "reviews", "link"],
    subject: "{journal}: submission {number} is accepted",
    body: 'Dear {author},\n\nWe are pleased to accept your submission {number}, "{title}", for publication in {journal}.\n\n{reviews}\n\nYou can follow it here: {link}',
  },
  "decision-minor": {
    label: "To the author: minor revisions",
    placeholders: ["journal", "author", "number", "title", "reviews", "link"],
    subject: "{journal}: submission {number}: minor revisions requested",
    body: 'Dear {author},\n\nThe reviewers and the editor have read your submission {number}, "{title}". We ask for minor revisions before we can accept it.\n\n{reviews}\n\nPlease upload your revised manuscript, with a response to the reviewers, on your submissions page: {link}',
  },
  "decision-major": {
    label: "To the author: major revisions",
    placeholders: ["journal", "author", "number", "title", "reviews", "link"],
    subject: "{journal}: submission {number}: major revisions requested",
    body: 'Dear {author},\n\nThe reviewers and the editor have read your submission {number}, "{title}". We ask for major revisions; the revised manuscript will be reviewed again.\n\n{reviews}\n\nPlease upload your revised manuscript, with a response to the reviewers, on your submissions page: {link}',
  },
  "decision-decline": {
    label: "To the author: declined",
    placeholders: ["journal", "author", "number", "title", "reviews", "link"],
    subject: "{journal}: decision on submission {number}",
    body: 'Dear {author},\n\nThank you for submitting "{title}" to {journal}. We regret that we cannot publish it.\n\n{reviews}\n\nWe hope you will consider {journal} for your future work.',
  },
  "revision-received": {
    label: "To the handling editor: a revision is back",
    placeholders: ["journal", "number", "title", "link"],
    subject: "A revision of {number} is back",
    body: 'The author has uploaded a revision of {number}, "{title}", with a response to the reviewers.\n\nOpen it on the editor\'s desk: {link}',
  },
  recommendation: {
    label: "To the editor in chief: a recommendation",
    placeholders: ["journal", "number", "title", "decision", "link"],
    subject: "A recommendation on {number}: {decision}",
    body: 'The handling editor recommends "{decision}" for {number}, "{title}".\n\nMake the decision on the editor\'s desk: {link}',
  },
} as const satisfies Record<string, { label: string; placeholders: readonly string[]; subject: string; body: string }>;

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];
export type MailText = { subject: string; body: string };

export type SubmissionSettings = {
  /** Authors submit here, or at the journal's own portal (`portalUrl`). */
  mode: "here" | "portal";
  portalUrl: string;
  reviewModel: ReviewModel;
  /** What an author confirms before submitting, one item a line. */
  checklist: string[];
  /** What the journal asks of a manuscript, shown at the start of the wizard. */
  requirements: string;
  /** What reviewers are asked to look at, shown on their invitation and review form. */
  guidelines: string;
  /** Days a reviewer is given, and the reminders before and after the due date. */
  reviewDays: number;
  remindBeforeDays: number;
  remindAfterDays: number;
  /** The account that assigns handling editors and makes recommended decisions ("": any admin). */
  editorInChiefId: string;
  /** Handling editors other than the editor in chief only recommend a decision. */
  recommendOnly: boolean;
  /** The journal manager's text for a mail, where it differs from the template's default. */
  mails: Partial<Record<MailTemplateKey, MailText>>;
};

export const DEFAULT_SUBMISSION_SETTINGS: SubmissionSettings = {
  mode: "here",
  portalUrl: "",
  reviewModel: "double-blind",
  checklist: [
    "The manuscript has not been published before and is not under consideration elsewhere.",
    "The manuscript file is anonymised: no author names in its text, headers or file properties.",
    "The references follow the journal's style, with DOIs where they exist.",
  ],
  requirements:
    "Research articles are 6,000 to 9,000 words, policy analyses 3,000 to 5,000, reviews 1,500 to 3,000, including references. Upload the manuscript as PDF or DOCX, without the authors' names; their names and affiliations go in the form and, if you wish, a separate title page.",
  guidelines:
    "Please assess the manuscript's originality, the soundness of its method and evidence, its contribution to the study of security, peace and conflict, and the clarity of its writing. Comments for the author are shared with them without your name; comments for the editor are never shown to the author.",
  reviewDays: 21,
  remindBeforeDays: 3,
  remindAfterDays: 3,
  editorInChiefId: "",
  recommendOnly: false,
  mails: {},
};

/** A stored settings row read through the defaults, so a setting added later has a value. */
export function settingsFrom(fields: Record<string, unknown> | undefined): SubmissionSettings {
  const stored = (fields ?? {}) as Partial<SubmissionSettings>;
  const settings = { ...DEFAULT_SUBMISSION_SETTINGS, ...stored };
  if (!REVIEW_MODELS.includes(settings.reviewModel)) settings.reviewModel = DEFAULT_SUBMISSION_SETTINGS.reviewModel;
  if (!Array.isArray(settings.checklist)) settings.checklist = [];
  if (typeof settings.mails !== "object" || settings.mails === null) settings.mails = {};
  return settings;
}

/** A mail's text as the journal set it, or the template's default. */
export function mailText(settings: SubmissionSettings, key: MailTemplateKey): MailText {
  const own = settings.mails[key];
  return own?.subject && own.body ? own : { subject: MAIL_TEMPLATES[key].subject, body: MAIL_TEMPLATES[key].body };
}

/**
 * Fills a template's placeholders. Only the template's own are filled (an unknown `{word}` stays as
 * typed), so a mail can never be made to name what its template does not offer its reader.
 */
export function fillTemplate(text: string, key: MailTemplateKey, values: Partial<Record<string, string>>): string {
  const allowed = MAIL_TEMPLATES[key].placeholders as readonly string[];
  return text.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    allowed.includes(name) && values[name] !== undefined ? values[name]! : whole,
  );
}

/* ---- the settings form ---- */

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const PORTAL_URL_INVALID = "Give the portal's full address, starting with https://";
export const DAYS_INVALID = "A number of days from 1 to 90";

const days = z.string().regex(/^(?:[1-9]|[1-8]\d|90)$/, DAYS_INVALID);

export const settingsSchema = z
  .object({
    mode: z.enum(["here", "portal"], { message: "Choose where authors submit" }),
    portalUrl: z.string().trim().max(500),
    reviewModel: z.enum(REVIEW_MODELS, { message: "Choose the review model" }),
    checklist: z.string().max(10_000),
    requirements: z.string().max(20_000),
    guidelines: z.string().max(20_000),
    reviewDays: days,
    remindBeforeDays: days,
    remindAfterDays: days,
    editorInChiefId: z.string().max(100),
    recommendOnly: z.enum(["on", ""]).optional(),
    ...Object.fromEntries(
      MAIL_TEMPLATE_KEYS.flatMap((key) => [
        [`mail.${key}.subject`, z.string().trim().min(1, "A subject, please").max(300)],
        [`mail.${key}.body`, z.string().trim().min(1, "The mail's text, please").max(20_000)],
      ]),
    ),
  })
  .superRefine((values, context) => {
    if (values.mode === "portal" && !/^https?:\/\/\S+\.\S+/.test(values.portalUrl))
      context.addIssue({ code: "custom", path: ["portalUrl"], message: PORTAL_URL_INVALID });
  });

export type SettingsForm = Record<string, string>;

export function settingsToForm(settings: SubmissionSettings): SettingsForm {
  return {
    mode: settings.mode,
    portalUrl: settings.portalUrl,
    reviewModel: settings.reviewModel,
    checklist: settings.checklist.join("\n"),
    requirements: settings.requirements,
    guidelines: settings.guidelines,
    reviewDays: String(settings.reviewDays),
    remindBeforeDays: String(settings.remindBeforeDays),
    remindAfterDays: String(settings.remindAfterDays),
    editorInChiefId: settings.editorInChiefId,
    recommendOnly: settings.recommendOnly ? "on" : "",
    ...Object.fromEntries(
      MAIL_TEMPLATE_KEYS.flatMap((key) => {
        const text = mailText(settings, key);
        return [
          [`mail.${key}.subject`, text.subject],
          [`mail.${key}.body`, text.body],
        ];
      }),
    ),
  };
}

export function settingsFromForm(values: SettingsForm): SubmissionSettings {
  const mails: SubmissionSettings["mails"] = {};
  for (const key of MAIL_TEMPLATE_KEYS) {
    const subject = (values[`mail.${key}.subject`] ?? "").trim();
    const body = (values[`mail.${key}.body`] ?? "").trim();
    // A text the same as the default is not stored, so a better default later reaches it.
    if (subject && body && (subject !== MAIL_TEMPLATES[key].subject || body !== MAIL_TEMPLATES[key].body))
      mails[key] = { subject, body };
  }
  return {
    mode: values.mode === "portal" ? "portal" : "here",
    portalUrl: values.portalUrl.trim(),
    reviewModel: values.reviewModel as ReviewModel,
    checklist: lines(values.checklist),
    requirements: values.requirements.trim(),
    guidelines: values.guidelines.trim(),
    reviewDays: Number(values.reviewDays),
    remindBeforeDays: Number(values.remindBeforeDays),
    remindAfterDays: Number(values.remindAfterDays),
    editorInChiefId: values.editorInChiefId,
    recommendOnly: values.recommendOnly === "on",
    mails,
  };
}
