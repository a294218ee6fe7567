import { useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { UploadField } from "~/components/forms/UploadField";
import { autosaved, autosaveDraft, autosaveForm, editorForm, saveFromEditor } from "~/dashboard/editor.server";
import { EditorForm } from "~/dashboard/EditorForm";
import { HistoryLink, PreviewButton } from "~/dashboard/EditorialFields";
import { PDF_REQUIRED } from "~/domain/messages/media";
import { type ArticleEditorForm, articleEditorSchema } from "~/journal/forms";
import {
  type ArticleMetadata,
  articleMetadataFromForm,
  articleMetadataToForm,
  EMPTY_ARTICLE_METADATA,
} from "~/journal/forms";
import { failedOnNetwork, keepFormOnNetworkFailure } from "~/lib/form-hooks";
import { EMPTY_EDITORIAL, toLocalDateTime } from "~/lib/forms/editorial";
import { removeCopy } from "~/lib/local-copy";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";
import { requireRole } from "~/web/session.server";

import { ScholarlyFields } from "../dashboard/ScholarlyFields";
import { articlePdfName } from "../names";
import type { Route } from "./+types/article-editor";

const EMPTY: ArticleEditorForm = {
  title: "",
  abstract: "",
  pdf: "",
  ...EMPTY_EDITORIAL,
  ...EMPTY_ARTICLE_METADATA,
};

/** What the scholarly fields choose from: every issue (forthcoming ones too) and the journal's licence. */
async function scholarlyChoices() {
  const { journal } = await services();
  const [issues, profile] = await Promise.all([journal.issues({ includeForthcoming: true }), journal.profile()]);
  return {
    issues: issues.map(({ id, volume, number, year, title }) => ({ id, volume, number, year, title })),
    defaultLicence: profile.licence,
  };
}

/** /create-journal and /update-journal/{journalId}: admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "journal");
  // A new article starts as a draft (issue 31): it goes public when the editor publishes it, or
  // with its issue when the issue is published.
  const choices = await scholarlyChoices();
  // A new article's page key (draftId) is the id its first save creates it under (see post-editor).
  if (!params.journalId)
    return { article: null, choices, values: { ...EMPTY, status: "draft", draftId: crypto.randomUUID() } };
  const { articles, media } = await services();
  const article = await articles.byId(params.journalId, "admin");
  if (!article) throw data({ message: "Journal article not found" }, { status: 404 });
  const [revisions, pdfNames] = await Promise.all([articles.revisions(article.id), media.originalNames([article.pdf])]);
  return {
    article: {
      id: article.id,
      slug: article.slug,
      published: article.status === "published",
      revisions: revisions.length,
      // The PDF as the editor knows it (issue 33), not by the address it is stored under.
      pdfName: articlePdfName(pdfNames.get(article.pdf), article.slug),
    },
    choices,
    values: {
      ...articleMetadataToForm(article as unknown as ArticleMetadata),
      title: article.title,
      abstract: article.abstract,
      pdf: article.pdf,
      status: article.status,
      publishAt: toLocalDateTime(article.publishAt),
      tzOffset: "",
      slug: article.slug,
      version: String(article.version),
    } as ArticleEditorForm,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, "journal");
  const editor = { admin, recordId: params.journalId };
  if (new URL(request.url).searchParams.has("autosave")) {
    return formAction(request, autosaveForm(request, admin, EMPTY, articleEditorSchema), async ({ input }) => {
      const { articles } = await services();
      return autosaved(await autosaveDraft(articles, articleFields(input), input, editor));
    });
  }
  // SPEC.md's words for an article that could not be saved.
  const spec = {
    ...editorForm(request, admin, EMPTY, articleEditorSchema),
    words: { failed: "Unable to post journal" },
  };
  return formAction(request, spec, async ({ input }) => {
    const { articles } = await services();
    const saved = await saveFromEditor(articles, articleFields(input), input, { ...editor, title: input.title });
    // The list says what was saved, with the way to its page (issue 33).
    return redirect(`/dashboard?tab=journals&saved=${saved.id}`);
  });
}

const articleFields = (form: ArticleEditorForm) => ({
  title: form.title,
  abstract: form.abstract,
  pdf: form.pdf,
  ...articleMetadataFromForm(form),
});

/** A request that never reached the server says so in SPEC.md's words, and keeps the form. */
export function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "Unable to post journal", () => removeCopy(copyKey(params.journalId)));
}

/** Offline, the page's data is not asked for again (the form stays, with its message). */
export function shouldRevalidate({ actionResult, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // An autosave changes nothing the form shows: its answer updates the form itself.
  if (formAction?.includes("autosave")) return false;
  return !failedOnNetwork(actionResult) && defaultShouldRevalidate;
}

/** Where this browser keeps a copy of the article being written (LocalCopy). */
const copyKey = (journalId: string | undefined) => `journal:${journalId ?? "new"}`;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.article ? "Edit article" : "New article") }, NOINDEX];
}

export default function ArticleEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.article);
  // The page's own submissions (an autosave's answer goes to its fetcher, not here).
  const answer = actionData && "values" in actionData ? actionData : undefined;
  const values = (answer?.values as ArticleEditorForm | null) ?? loaderData.values;
  const [pdf, setPdf] = useState(values.pdf);
  return (
    <EditorForm
      // SPEC-NOTES.md: the dashboard calls an article an article (SPEC.md's "Create journal").
      heading={editing ? "Edit article" : "New article"}
      schema={articleEditorSchema}
      refused={answer?.errors}
      editorial={{
        values,
        addressPrefix: "/journal/",
        publicHref: loaderData.article ? `/journal/${loaderData.article.slug}` : undefined,
      }}
      alreadyPublished={Boolean(loaderData.article?.published)}
      // New items, and drafts, are kept on the server as the editor types.
      autosave={!loaderData.article || values.status === "draft"}
      localCopy={{ key: copyKey(loaderData.article?.id), fields: ["title", "abstract"] }}
    >
      {(errors, onUploadingChange) => (
        <>
          <Field
            label="Article title"
            name="title"
            aria-required="true"
            defaultValue={values.title}
            error={errors.title}
          />
          <RichTextEditor
            name="abstract"
            label="Abstract"
            defaultValue={values.abstract}
            onUploadingChange={onUploadingChange}
            error={errors.abstract}
          />
          <div>
            <UploadField
              name="pdf"
              label={editing ? "PDF (upload a new one to replace it)" : "PDF"}
              purpose="pdf"
              value={pdf}
              onChange={setPdf}
              // The stored PDF's own name, while it is the one the form holds.
              fileName={pdf === loaderData.values.pdf ? loaderData.article?.pdfName : undefined}
              onUploadingChange={onUploadingChange}
              failureMessage="trouble uploading journal"
              missingMessage={PDF_REQUIRED}
            />
            <FieldError id="pdf-error" message={errors.pdf} />
          </div>
          <ScholarlyFields
            values={values}
            errors={errors}
            issues={loaderData.choices.issues}
            defaultLicence={loaderData.choices.defaultLicence}
          />
          <div className="flex flex-wrap items-center gap-4">
            <PreviewButton kind="journal" recordId={loaderData.article?.id} />
            {loaderData.article && (
              <HistoryLink
                href={`/update-journal/${loaderData.article.id}/history`}
                count={loaderData.article.revisions}
              />
            )}
          </div>
        </>
      )}
    </EditorForm>
  );
}
