import { data, Link, useNavigation } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { PageHero } from "~/components/PageHero";
import { mediaTypeOf } from "~/lib/body-shape.server";
import { readFormWithFile, UploadFormError } from "~/lib/multipart.server";
import { NOINDEX_NOFOLLOW } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { NotFoundError, TooManyAttemptsError } from "~/services/errors.server";
import { longDate } from "~/submissions/context.server";
import { respondSchema, REVIEW_FIELD_BYTES, reviewSchema } from "~/submissions/forms";
import { reviewerLink, reviewerPageHeaders } from "~/submissions/web/reviewer-link.server";
import {
  INVITATION_ACCEPTED,
  INVITATION_DECLINED,
  REVIEW_LINK_GONE,
  REVIEW_SUBMITTED,
  REVIEWER_PAGE as WORDS,
} from "~/submissions/words";
import { answerForm, formAction, formAnswer } from "~/web/form-action.server";

import {
  Guidelines,
  InvitationDetails,
  NoteCard,
  RespondForms,
  ReviewerFiles,
  reviewerSection,
  ReviewForm,
  ReviewThanks,
} from "../components/ReviewerPages";
import type { Route } from "./+types/review";

/**
 * /review/{token}: a reviewer's link (issue 34). No account: the token opens one review. First the
 * invitation (never an author) with Accept and Decline; once accepted, the anonymised files and the
 * review form; once sent, the thanks and the certificate. A cancelled or unknown link is a 404 in
 * words; too many unknown links from one address, a 429 (reviewing.server.ts counts them).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { submissions } = await services();
  try {
    const view = await submissions.reviewerView(reviewerLink(request, params.token));
    return data({
      state: "open" as const,
      view: { ...view, dueLabel: longDate(view.dueOn) },
      message: "",
    });
  } catch (error) {
    if (error instanceof TooManyAttemptsError)
      return data(
        { state: "limited" as const, view: null, message: WORDS.tooMany(error.message) },
        { status: 429, headers: error.headers },
      );
    if (error instanceof NotFoundError)
      return data({ state: "gone" as const, view: null, message: REVIEW_LINK_GONE }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { submissions } = await services();
  const link = reviewerLink(request, params.token);
  if (mediaTypeOf(request.headers.get("content-type")) !== "multipart/form-data") {
    // Accept or decline: a small urlencoded form.
    const spec = { where: "reviewer's answer", fields: ["answer", "reason", "colleague"], schema: respondSchema };
    return formAction(request, spec, async ({ input }) => {
      const accept = input.answer === "accept";
      await submissions.respond(link, { accept, reason: input.reason, colleague: input.colleague });
      return formAnswer(true, accept ? INVITATION_ACCEPTED : INVITATION_DECLINED);
    });
  }
  // The review, with its optional annotated file streamed to the private store as it arrives, as a
  // manuscript is (its fields come first in the form; the server gives this address the PDF limit).
  const spec = {
    where: "reviewer's review",
    fields: ["recommendation", "forAuthor", "forEditor", "nameShown"],
    schema: reviewSchema,
  };
  try {
    return await readFormWithFile(
      request,
      "annotated",
      async ({ fields, file }) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) {
          if (value.includes("\u0000"))
            return formAnswer(false, "The form contains characters that cannot be stored.", { status: 400 });
          form.set(name, value);
        }
        return answerForm(form, spec, async ({ input }) => {
          await submissions.submitReview(link, {
            recommendation: input.recommendation,
            forAuthor: input.forAuthor,
            forEditor: input.forEditor,
            nameShown: input.nameShown === "on",
            annotated: file ?? undefined,
          });
          return formAnswer(true, REVIEW_SUBMITTED);
        });
      },
      { fieldBytes: REVIEW_FIELD_BYTES },
    );
  } catch (error) {
    if (error instanceof UploadFormError)
      return formAnswer(false, error.message, { status: error.status, errors: { annotated: error.message } });
    throw error;
  }
}

/** The token is in the address: no Referer goes to another site, and no cache keeps the page. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return reviewerPageHeaders(loaderHeaders, actionHeaders);
}

function titleOf(loaderData: Route.ComponentProps["loaderData"] | undefined) {
  if (!loaderData) return WORDS.goneTitle;
  if (loaderData.state === "gone") return WORDS.goneTitle;
  if (loaderData.state === "limited") return WORDS.tooManyTitle;
  const status = loaderData.view.status;
  return status === "submitted"
    ? WORDS.thanksTitle
    : status === "declined"
      ? WORDS.declinedTitle
      : status === "accepted"
        ? WORDS.reviewTitle
        : WORDS.invitationTitle;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, titleOf(loaderData)) },
    NOINDEX_NOFOLLOW,
    { name: "referrer", content: "same-origin" },
  ];
}

export default function ReviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const title = titleOf(loaderData);
  if (loaderData.state !== "open") {
    return (
      <>
        <PageHero title={title} compact subtitle={loaderData.state === "gone" ? "Error 404" : undefined} />
        <div className={`${reviewerSection} py-12`}>
          <Alert tone={loaderData.state === "gone" ? "info" : "error"} dismissible={false}>
            {loaderData.message}
          </Alert>
          <p className="mt-6">
            <Link to="/" className="font-semibold text-navy-700 underline dark:text-gold-300">
              {WORDS.homeLink}
            </Link>
          </p>
        </div>
      </>
    );
  }
  const { view } = loaderData;
  const token = params.token;
  // Just accepted: the answer's words; a decline and a review have their own page that says it.
  const answered = actionData?.ok && view.status === "accepted" ? actionData.message : null;
  return (
    <>
      <PageHero title={title} eyebrow={view.journal} compact />
      <div className={`${reviewerSection} space-y-8 py-12`}>
        {answered && (
          <Alert tone="success" token={actionData}>
            {answered}
          </Alert>
        )}
        {view.status === "submitted" && <ReviewThanks token={token} />}
        {view.status === "declined" && (
          <Alert tone="info" dismissible={false}>
            {WORDS.declined}
          </Alert>
        )}
        {view.status === "accepted" && view.returnNote && (
          <NoteCard heading={WORDS.editorNote} text={view.returnNote} />
        )}
        {view.status !== "submitted" && <InvitationDetails facts={view} />}
        {view.status === "invited" && (
          <>
            <Guidelines text={view.guidelines} />
            <RespondForms answer={actionData ?? undefined} busy={busy} />
          </>
        )}
        {view.status === "accepted" && (
          <>
            <ReviewerFiles token={token} files={view.files} />
            {view.authorResponse && <NoteCard heading={WORDS.authorResponse} text={view.authorResponse} />}
            <Guidelines text={view.guidelines} />
            <ReviewForm
              draft={view.draft}
              openReview={view.openReview}
              answer={actionData && !actionData.ok ? actionData : undefined}
              busy={busy}
            />
          </>
        )}
      </div>
    </>
  );
}
