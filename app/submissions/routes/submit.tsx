import { Form, Link, redirect, useNavigation } from "react-router";

import { PageHero } from "~/components/PageHero";
import { Section } from "~/components/Section";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import type { FormAnswer } from "~/lib/forms/answer";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { ForbiddenError } from "~/services/errors.server";
import { formAction, formAnswer } from "~/web/form-action.server";
import { getUser, requireUser } from "~/web/session.server";

import { MY_SUBMISSIONS_PATH, stepPath } from "../addresses";
import { Paragraphs } from "../components/Paragraphs";
import { CONFIRM_EMAIL_FIRST, DRAFT_DELETED, SUBMISSIONS_ELSEWHERE, SUBMIT_PAGE } from "../words";
import type { Route } from "./+types/submit";

/**
 * /submit (issue 34): where authors start. When the journal takes submissions through an outside
 * portal, a page that says so and links there; else its requirements, the author's drafts to go
 * on with, and "Start a new submission" (signed out: to sign in and back; an address not yet
 * confirmed: the words that say so, with the confirmation link sent again on request).
 */

export async function loader({ request }: Route.LoaderArgs) {
  const { accounts, submissions } = await services();
  const settings = await submissions.settings();
  if (settings.mode === "portal") return { mode: "portal" as const, portalUrl: settings.portalUrl };
  const user = await getUser(request);
  const actor = user && { id: user.id, roles: user.roles };
  const [mine, status] = actor
    ? await Promise.all([submissions.mySubmissions(actor), accounts.emailStatus(actor.id)])
    : [[], null];
  return {
    mode: "here" as const,
    requirements: settings.requirements,
    checklist: settings.checklist,
    signedIn: Boolean(user),
    confirmed: status?.emailVerified ?? false,
    drafts: mine
      .filter((row) => row.stage === "draft")
      .map((row) => ({ id: row.id, title: row.title, updatedAt: row.updatedAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const actor = { id: user.id, roles: user.roles };
  const { accounts, submissions } = await services();
  return formAction(request, { where: "submit: start", fields: ["intent", "draftId"] }, async ({ values }) => {
    const extra = { extra: { intent: values.intent } };
    if (values.intent === "resend-confirmation") {
      const result = await accounts.resendConfirmation(user);
      return formAnswer(true, result.message, extra);
    }
    if (values.intent === "delete-draft") {
      await submissions.deleteDraft(actor, values.draftId);
      return formAnswer(true, DRAFT_DELETED, extra);
    }
    try {
      const id = await submissions.startDraft(actor);
      return redirect(stepPath(id, "start"));
    } catch (error) {
      // Said where the person can act on it: beside the link that sends the confirmation again.
      if (error instanceof ForbiddenError && error.message === CONFIRM_EMAIL_FIRST)
        return formAnswer(false, CONFIRM_EMAIL_FIRST, { status: 403, extra: { intent: "start" } });
      throw error;
    }
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, SUBMIT_PAGE.title) }, NOINDEX];
}

const LINK = "font-semibold text-navy-700 underline dark:text-gold-300";

export default function Submit({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as (FormAnswer & { intent?: string }) | undefined;
  const navigation = useNavigation();
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";
  if (loaderData.mode === "portal") {
    return (
      <>
        <PageHero compact eyebrow={SUBMIT_PAGE.eyebrow} title={SUBMIT_PAGE.title} />
        <Section id="portal" title={SUBMIT_PAGE.portalTitle}>
          <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">{SUBMISSIONS_ELSEWHERE}</p>
          {loaderData.portalUrl && (
            <a href={loaderData.portalUrl} className={`mt-6 inline-block ${LINK}`}>
              {SUBMIT_PAGE.portalLink}
            </a>
          )}
        </Section>
      </>
    );
  }
  const { requirements, checklist, signedIn, confirmed, drafts } = loaderData;
  const unconfirmed = signedIn && !confirmed;
  return (
    <>
      <PageHero compact eyebrow={SUBMIT_PAGE.eyebrow} title={SUBMIT_PAGE.title} subtitle={SUBMIT_PAGE.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-14 lg:grid-cols-[1.5fr_1fr]">
        <section aria-labelledby="requirements-title">
          <Heading level={2} id="requirements-title">
            {SUBMIT_PAGE.requirements}
          </Heading>
          {requirements && <Paragraphs text={requirements} className="mt-4 text-slate-700 dark:text-slate-300" />}
          {checklist.length > 0 && (
            <>
              <Heading level={3} className="mt-8">
                {SUBMIT_PAGE.checklistHeading}
              </Heading>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
                {checklist.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </section>

        <div className="space-y-8">
          <section
            aria-labelledby="start-title"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-night-card"
          >
            <Heading level={3} id="start-title">
              {signedIn ? SUBMIT_PAGE.start : SUBMIT_PAGE.signInToSubmit}
            </Heading>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {signedIn ? SUBMIT_PAGE.startIntro : SUBMIT_PAGE.signInIntro}
            </p>
            {unconfirmed || (answer?.intent === "start" && !answer.ok) ? (
              <div className="mt-4 space-y-3">
                <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
                  {CONFIRM_EMAIL_FIRST}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="resend-confirmation" />
                  <Button type="submit" variant="link">
                    {SUBMIT_PAGE.resendLink}
                  </Button>
                </Form>
                {answer?.intent === "resend-confirmation" && <Notice result={answer} />}
              </div>
            ) : signedIn ? (
              <Form method="post" className="mt-5">
                <input type="hidden" name="intent" value="start" />
                <Button type="submit" size="block" disabled={starting} aria-busy={starting}>
                  {SUBMIT_PAGE.start}
                </Button>
              </Form>
            ) : (
              <ButtonLink to="/signin?redirectTo=%2Fsubmit" size="lg" className="mt-5 inline-block">
                {SUBMIT_PAGE.signInToSubmit}
              </ButtonLink>
            )}
          </section>

          {drafts.length > 0 && (
            <section aria-labelledby="drafts-title">
              <Heading level={3} id="drafts-title">
                {SUBMIT_PAGE.drafts}
              </Heading>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{SUBMIT_PAGE.draftsIntro}</p>
              {answer?.intent === "delete-draft" && <Notice result={answer} className="mt-3" />}
              <ul className="mt-4 space-y-3">
                {drafts.map((item) => (
                  <li key={item.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                    <p className="font-semibold break-words">{item.title || SUBMIT_PAGE.untitled}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {SUBMIT_PAGE.lastSaved} {formatDate(item.updatedAt)}
                    </p>
                    <div className="mt-3 flex flex-wrap items-center gap-4">
                      <Link to={stepPath(item.id, "start")} className={LINK}>
                        {SUBMIT_PAGE.continueDraft}
                        <span className="sr-only">: {item.title || SUBMIT_PAGE.untitled}</span>
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete-draft" />
                        <input type="hidden" name="draftId" value={item.id} />
                        <Button type="submit" variant="danger">
                          {SUBMIT_PAGE.deleteDraft}
                          <span className="sr-only">: {item.title || SUBMIT_PAGE.untitled}</span>
                        </Button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {signedIn && (
            <p>
              <Link to={MY_SUBMISSIONS_PATH} className={LINK}>
                {SUBMIT_PAGE.mySubmissions}
              </Link>
            </p>
          )}
        </div>
      </div>
    </>
  );
}
