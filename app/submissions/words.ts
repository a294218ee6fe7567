import type { EditorDecision, ReviewRecommendation, ReviewStatus, SubmissionStage } from "~/domain/vocabulary";

import { MANUSCRIPT_BAD_NAME } from "./files/messages";

/**
 * Every word of the submission workflow a person reads (issue 34), outside the mails' editable
 * templates (settings.ts). Pure: the screens, the services and the API share them.
 */

/** A stage as its author reads it (issue 34: "each submission's stage in plain words"). */
export const STAGE_LABELS: Record<SubmissionStage, string> = {
  draft: "Draft",
  submitted: "Submitted",
  review: "Under review",
  revisions: "Revisions requested",
  accepted: "Accepted",
  declined: "Declined",
  published: "Published",
};

/**
 * The author's words for where their submission is: a submitted paper an editor has taken up (an
 * editor assigned, or a revision back) is "With the editor".
 */
export function authorStageLabel(stage: SubmissionStage, withEditor: boolean): string {
  if (stage === "submitted" && withEditor) return "With the editor";
  return STAGE_LABELS[stage];
}

export const RECOMMENDATION_LABELS: Record<ReviewRecommendation, string> = {
  accept: "Accept",
  minor: "Minor revisions",
  major: "Major revisions",
  decline: "Decline",
};

export const DECISION_LABELS: Record<EditorDecision, string> = {
  "send-to-review": "Send to review",
  accept: "Accept",
  minor: "Minor revisions",
  major: "Major revisions",
  decline: "Decline",
};

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  invited: "Invited",
  accepted: "Reviewing",
  declined: "Declined",
  submitted: "Review in",
  cancelled: "Cancelled",
};

/** The desk's filters (issue 34), in the order the queue shows them. */
export const QUEUE_FILTERS = [
  "all",
  "new",
  "needs-reviewers",
  "overdue",
  "reviews-in",
  "needs-decision",
  "revisions-back",
] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export const QUEUE_FILTER_LABELS: Record<QueueFilter, string> = {
  all: "All open",
  new: "New",
  "needs-reviewers": "Needs reviewers",
  overdue: "Reviews overdue",
  "reviews-in": "Reviews in",
  "needs-decision": "Needs a decision",
  "revisions-back": "Revisions back",
};

/** "#12": a submission's number as everyone sees it. */
export const submissionNumber = (number: number | null) => (number === null ? "Draft" : `#${number}`);

/** How a reviewer is named to an author: never by name unless the review is open and they agreed. */
export const reviewerLabel = (index: number) => `Reviewer ${index + 1}`;

// Refusals and confirmations.
export const CONFIRM_EMAIL_FIRST =
  "Confirm your e-mail address before you submit: we sent you a link when you signed up (your profile can send it again).";
export const SUBMISSION_NOT_FOUND = "There is no such submission, or it is not yours to see.";
export const SUBMISSION_NOT_DRAFT = "This submission has been submitted: it can no longer be changed here.";
export const SUBMISSIONS_ELSEWHERE = "The journal takes submissions through its own portal.";
export const DRAFT_SAVED = "Your draft is saved.";
export const SUBMITTED = (number: number) =>
  `Thank you: your submission ${submissionNumber(number)} has been received. We have sent you a confirmation by e-mail.`;
export const CHECKLIST_INCOMPLETE = "Confirm each item of the checklist.";
export const TITLE_MISSING = "Give the title of your manuscript.";
export const ABSTRACT_MISSING = "Give the abstract.";
export const AUTHORS_MISSING = "Name at least one author.";
export const CORRESPONDING_MISSING = "Choose the corresponding author.";
export const CORRESPONDING_EMAIL_MISSING = "The corresponding author needs an e-mail address.";
export const MANUSCRIPT_MISSING = "Upload the anonymised manuscript (PDF or DOCX).";
export const FILE_NOT_FOUND = "There is no such file.";
export const FILE_KIND_NOT_ALLOWED = "That kind of file cannot be added here.";
export const REVISION_NOT_ASKED = "No revision has been asked for: there is nothing to upload now.";
export const REVISION_FILE_MISSING = "Upload the revised manuscript.";
export const RESPONSE_MISSING = "Say how you answered the reviewers.";
export const REVISION_RECEIVED = "Your revision has been received: the editor has been told.";

export const NOT_AN_EDITOR = "Only the journal's managers and admins work on submissions.";
export const NOT_EDITOR_IN_CHIEF = "Only the editor in chief (or an admin) assigns the handling editor.";
export const EDITOR_MUST_MANAGE_JOURNAL = "The handling editor must be a journal manager or an admin.";
export const EDITOR_ASSIGNED = (name: string) => `${name} is now the handling editor.`;
export const NOTE_EMPTY = "Write the note first.";
export const NOTE_ADDED = "Your note has been added.";
export const DECISION_NOT_NOW = "That decision cannot be made at this stage.";
export const DECISION_MADE = (label: string) => `Decision recorded: ${label}. The author has been sent the letter.`;
export const RECOMMENDATION_MADE = (label: string) =>
  `Your recommendation (${label}) has been sent to the editor in chief, who makes the decision.`;
export const LETTER_MISSING = "Write the letter to the author.";
export const ARTICLE_DRAFTED = "A draft article has been made from the accepted submission.";

export const REVIEWER_NAME_MISSING = "Give the reviewer's name.";
export const REVIEWER_EMAIL_INVALID = "Give the reviewer's e-mail address.";
export const REVIEWER_ALREADY_INVITED = "This reviewer is already invited to this round.";
export const REVIEWER_IS_AUTHOR = "An author of the submission cannot review it.";
export const DUE_DATE_INVALID = "Choose a due date after today.";
export const NOT_UNDER_REVIEW = "Reviewers are invited once the submission is sent to review.";
export const REVIEWER_INVITED = (name: string) => `${name} has been invited. The invitation is on its way.`;
export const REVIEW_CANCELLED = "The review has been cancelled and the reviewer told.";
export const REVIEW_REINVITED = "A new invitation with a new link has been sent.";
export const REVIEW_RETURNED = "The review has been sent back to its reviewer with your note.";
export const RETURN_NOTE_MISSING = "Say what the reviewer should look at again.";
export const REVIEW_NOT_IN = "Only a submitted review can be sent back or edited.";
export const REVIEW_TEXT_SAVED = "What the author will read has been saved; the reviewer's own words stay on record.";
export const REVIEW_CANNOT_CANCEL = "Only an open invitation or review can be cancelled.";

export const REVIEW_LINK_GONE =
  "This review link no longer works: the review is finished or was cancelled. If you think this is a mistake, reply to the invitation e-mail.";
export const REVIEW_ALREADY_ANSWERED = "You have already answered this invitation.";
export const REVIEW_NOT_ACCEPTED = "Accept the invitation first.";
export const RECOMMENDATION_MISSING = "Choose your recommendation.";
export const FOR_AUTHOR_MISSING = "Write your comments for the author.";
export const INVITATION_ACCEPTED = "Thank you for accepting. The manuscript and the review form are below.";
export const INVITATION_DECLINED = "Thank you for letting us know. We will not ask you about this manuscript again.";
export const REVIEW_SUBMITTED = "Thank you: your review has been sent to the editor.";
export const REVIEW_NOT_YOURS = "There is no such review sent to your confirmed e-mail address.";
export const REVIEW_LINK_SENT = (email: string) => `We have sent the link to ${email}. It may take a minute to arrive.`;

/* ---- the reviewer's pages (/review/{token}, /my-reviews) ---- */

export const REVIEWER_PAGE = {
  invitationTitle: "Invitation to review",
  reviewTitle: "Your review",
  thanksTitle: "Thank you for your review",
  declinedTitle: "You declined this invitation",
  goneTitle: "This review link no longer works",
  tooManyTitle: "Too many attempts",
  tooMany: (wait: string) =>
    `${wait} This address has opened too many review links that do not exist. If your link came in an e-mail, wait and open it again.`,
  journal: "Journal",
  manuscript: "The manuscript",
  abstract: "Abstract",
  answerHeading: "Will you review it?",
  keywords: "Keywords",
  section: "Section",
  due: "Review due",
  round: (round: number) => `Round ${round}`,
  guidelines: "The journal's guidelines for reviewers",
  noAccount: "You need no account: this link opens this review only. Please do not forward it.",
  accept: "Accept the invitation",
  acceptHint: "You will see the manuscript and the review form at once.",
  declineHeading: "Or decline",
  declineReason: "Why you decline (optional)",
  declineColleague: "A colleague who could review it (optional: name and e-mail address)",
  decline: "Decline the invitation",
  files: "Files to review",
  filesHint: "Copies without the authors' names. Each downloads as a file.",
  noFiles: "The editor has not attached files yet. Reply to the invitation e-mail if you expected some.",
  download: "Download",
  authorResponse: "The author's response to the previous round's reviews",
  editorNote: "The editor sent your review back with this note",
  formHeading: "Review form",
  recommendation: "Your recommendation",
  forAuthor: "Comments for the author",
  forAuthorHint: "Shared with the author, without your name.",
  forEditor: "Confidential comments for the editor (optional)",
  forEditorHint: "Never shown to the author.",
  annotated: "An annotated copy of the manuscript (optional, PDF or DOCX)",
  annotatedHint: "Your name is removed from the file's properties before anyone else sees it.",
  nameShown: "The author may see my name with this review (the journal runs open review)",
  submit: "Send my review",
  thanks:
    "Your review has been sent to the editor. Thank you for the time and care you gave it. You will find this page again with the link in your e-mail.",
  certificate: "Download your certificate",
  certificateHint: "A PDF with the journal's name, your name and the year; it does not name the paper.",
  declined: "Thank you for letting us know. The editor has been told.",
  homeLink: "Go to the home page",
  myReviewsTitle: "My reviews",
  myReviewsIntro:
    "The reviews the journal asked of your confirmed e-mail address. The links are not kept here: ask for yours and it comes by e-mail.",
  myReviewsNone:
    "No review has been asked of your confirmed e-mail address. If you have not confirmed it yet, your profile can send the link again.",
  title: "Title",
  status: "Status",
  invited: "Invited",
  resend: "Send me my link again",
} as const;

/** How the reviewer's page names their invitation's state on /my-reviews. */
export const MY_REVIEW_STATUS: Record<ReviewStatus, string> = {
  invited: "Awaiting your answer",
  accepted: "Accepted: review in progress",
  declined: "Declined",
  submitted: "Review sent",
  cancelled: "Cancelled",
};

export const SETTINGS_SAVED = "The submission settings are saved.";

/* ---- the author's screens (/submit, the wizard, /my-submissions) ---- */

export const TOO_MANY_DRAFTS = (max: number) =>
  `You have ${max} drafts open: submit or delete one of them before you start another.`;
export const DRAFT_DELETED = "The draft has been deleted.";

export const SUBMIT_PAGE = {
  title: "Submit a manuscript",
  eyebrow: "Online submission",
  intro:
    "Submit your manuscript here and follow it from the editor's first look to the decision. Your draft is kept as you go: you can stop at any step and come back to it.",
  requirements: "Before you start",
  checklistHeading: "You will be asked to confirm",
  drafts: "Your drafts",
  draftsIntro: "Drafts you have started and not yet submitted.",
  untitled: "Untitled draft",
  continueDraft: "Continue",
  deleteDraft: "Delete draft",
  lastSaved: "Last saved",
  start: "Start a new submission",
  startIntro: "You will need the anonymised manuscript (PDF or DOCX) and the names of your co-authors.",
  signInToSubmit: "Sign in to submit",
  signInIntro: "Authors submit with their account on this site, so that they can follow their submission.",
  mySubmissions: "Your submitted manuscripts",
  resendLink: "Send the confirmation link again",
  portalTitle: "Submissions go through the journal's portal",
  portalLink: "Go to the submission portal",
} as const;

export const WIZARD = {
  stepsLabel: "Steps of your submission",
  stepOf: (index: number, count: number) => `Step ${index} of ${count}`,
  current: "current step",
  done: "done",
  saveAndContinue: "Save and continue",
  back: "Back",
  saving: "Saving…",
  checklistIntro: "Confirm that your manuscript meets each of the journal's requirements.",
  noChecklist: "The journal asks for nothing to be confirmed before you start.",
  requirements: "The journal's requirements",
  detailsIntro: "As they will appear if the manuscript is published. Reviewers read the title and abstract.",
  keywordsHint: "Separated by commas or semicolons",
  fundingHint: "Grants and funders that supported the work, if any",
  authorsIntro:
    "Every author, in the order of the byline. Reviewers never see these names: keep them out of the manuscript itself.",
  author: (index: number) => `Author ${index + 1}`,
  addAuthor: "Save and add another author",
  removeAuthor: (index: number) => `Remove author ${index + 1}`,
  moveUp: (index: number) => `Move author ${index + 1} up`,
  correspondingHint: "The journal writes to the corresponding author.",
  filesIntro:
    "Upload the manuscript without the authors' names, as PDF or Word (.docx). The title page, with the names and affiliations, is for the editors only.",
  manuscript: "Anonymised manuscript",
  manuscriptHint: "PDF or DOCX, required. Reviewers get a copy with the file's author details removed.",
  titlePage: "Title page",
  titlePageHint: "Optional: the title, the authors and their affiliations, for the editors only.",
  supplementary: "Supplementary files",
  supplementaryHint: "Optional: data, appendices or questionnaires, as PDF or DOCX.",
  chooseFile: (what: string) => `Choose the ${what.toLowerCase()}`,
  upload: "Upload",
  uploading: "Uploading…",
  replace: "Upload a new version",
  remove: "Remove",
  removeFile: (name: string) => `Remove ${name}`,
  noFiles: "None yet.",
  uploaded: (name: string) => `${name} has been uploaded.`,
  removed: "The file has been removed.",
  tooLarge: (megabytes: string) => `This file is too large: it can be at most ${megabytes}.`,
  competing: "Competing interests",
  competingHint: "Financial or personal ties that could be seen to influence the work. Write “None” if there are none.",
  namesWarningTitle: "Your manuscript names its authors",
  namesWarning: (names: string, where: string) =>
    `Your manuscript names ${names} in its ${where}: reviewers must not learn who wrote it. Reviewers get a copy with the metadata removed, but the text is sent as it is. If the text names you, remove the names and upload it again.`,
  whereText: "text",
  whereMetadata: "metadata",
  whereBoth: "text and metadata",
  reviewersIntro:
    "You may suggest reviewers and name people who should not review your manuscript. The editors decide; they never tell reviewers who suggested them.",
  suggested: "Suggested reviewers",
  opposed: "Reviewers you would rather not have",
  reviewer: (list: "suggested" | "opposed", index: number) =>
    `${list === "suggested" ? "Suggested reviewer" : "Opposed reviewer"} ${index + 1}`,
  reviewerName: "Name",
  reviewerEmail: "E-mail",
  reviewerAffiliation: "Affiliation",
  reviewerReason: "Why",
  letterIntro:
    "Anything the editors should know: why the journal, related work, anything unusual about the manuscript.",
  coverLetter: "Cover letter",
  reviewIntro: "Check everything before you submit. Once submitted, the manuscript can no longer be changed here.",
  edit: (what: string) => `Change ${what.toLowerCase()}`,
  missingTitle: "Still missing",
  submit: "Submit",
  submitting: "Submitting…",
  none: "None",
  notGiven: "Not given",
} as const;

export const MY_SUBMISSIONS = {
  title: "My submissions",
  eyebrow: "Online submission",
  intro: "Every manuscript you have submitted to the journal, with where it is now.",
  none: "You have not submitted a manuscript yet.",
  submitNew: "Submit a manuscript",
  number: "Number",
  manuscript: "Title",
  stage: "Stage",
  submitted: "Submitted",
  since: "Since",
  drafts: "Drafts are on the submission page.",
  stageHeading: "Where it is",
  history: "History",
  letters: "Letters from the editors",
  letterOf: (label: string, date: string) => `${label}, ${date}`,
  reviews: "Reviewers' comments",
  reviewsIntro: "What the reviewers wrote for you, as the editors sent it.",
  round: (round: number) => `Round ${round}`,
  files: "Your files",
  download: (name: string) => `Download ${name}`,
  revision: "Send your revision",
  revisionIntro:
    "Upload the revised manuscript (anonymised, PDF or DOCX) and say how you answered each of the reviewers' points.",
  revisedManuscript: "Revised manuscript",
  responseFile: "Response to the reviewers as a file",
  responseFileHint: "Optional, PDF or DOCX: your answer below is what the editor reads first.",
  response: "Response to the reviewers",
  sendRevision: "Send the revision",
  article: "The published article",
  abstract: "Abstract",
} as const;

/** The file kinds as the author reads them. */
export const FILE_KIND_LABELS: Record<string, string> = {
  manuscript: "Manuscript",
  "title-page": "Title page",
  supplementary: "Supplementary file",
  response: "Response to the reviewers",
};

/** Links to submitting from the call for papers and the journal's pages. */
export const SUBMIT_HERE_NOTE =
  "Manuscripts are submitted online here; admissions are handled on the university portal.";
export const MY_SUBMISSIONS_LINK = "My submissions";

// The JSON API's confirmations (app/submissions/api.server.ts); its refusals are the screens'.
export const DRAFT_STARTED = "Your draft is started: add its details and the manuscript, then submit it.";
export const FILE_ADDED = "The file has been added.";
export const FILE_REMOVED = "The file has been removed.";
/** A name the API cannot decode: the words of a name the upload refuses. */
export const FILE_NAME_INVALID = MANUSCRIPT_BAD_NAME;
