import { Form, useNavigation } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import type { ReviewStatus } from "~/domain/vocabulary";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { longDate } from "~/submissions/context.server";
import { MY_REVIEW_STATUS, REVIEW_LINK_SENT, REVIEWER_PAGE as WORDS } from "~/submissions/words";
import { formAction, formAnswer } from "~/web/form-action.server";
import { requireUser } from "~/web/session.server";

import type { Route } from "./+types/my-reviews";

/**
 * /my-reviews: a signed-in person's reviews, those the journal sent to their confirmed address
 * (issue 34). The links are not stored, so each review has a button that mails its link again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { submissions } = await services();
  const reviews = await submissions.myReviews({ id: user.id, roles: user.roles });
  return {
    reviews: reviews.map((review) => ({
      id: review.id,
      title: review.title,
      round: review.round,
      status: review.status as ReviewStatus,
      due: longDate(review.dueOn),
      dueOn: review.dueOn,
      mayResend: review.status === "invited" || review.status === "accepted" || review.status === "submitted",
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { submissions } = await services();
  return formAction(request, { where: "resend review link", fields: ["reviewId"] }, async ({ values }) => {
    const { email } = await submissions.resendLink({ id: user.id, roles: user.roles }, values.reviewId);
    return formAnswer(true, REVIEW_LINK_SENT(email));
  });
}

/** A refused resend's Retry-After goes out with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, WORDS.myReviewsTitle) }, NOINDEX];
}

export default function MyReviews({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { reviews } = loaderData;
  return (
    <>
      <PageHero title={WORDS.myReviewsTitle} compact />
      <div className="mx-auto max-w-5xl space-y-6 px-6 py-12">
        <p className="text-slate-700 dark:text-slate-200">
          {reviews.length ? WORDS.myReviewsIntro : WORDS.myReviewsNone}
        </p>
        <Notice result={actionData} />
        {reviews.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-navy-900">
            {reviews.map((review) => (
              <li key={review.id} className="flex flex-wrap items-start justify-between gap-4 p-5">
                <div className="min-w-0 flex-1">
                  <h2 className="font-serif text-lg font-bold text-navy-900 dark:text-white">{review.title}</h2>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    {MY_REVIEW_STATUS[review.status]} · {WORDS.round(review.round)} · {WORDS.due}{" "}
                    <time dateTime={review.dueOn}>{review.due}</time>
                  </p>
                </div>
                {review.mayResend && (
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      {WORDS.resend}
                      <span className="sr-only">: {review.title}</span>
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
