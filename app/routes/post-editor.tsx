import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Select } from "~/components/ui/Select";
import { TAGS_HINT } from "~/domain/messages/posts";
import { failedOnNetwork, keepFormOnNetworkFailure } from "~/lib/form-hooks";
import { EMPTY_EDITORIAL, toLocalDateTime } from "~/lib/forms/editorial";
import { categoryOptions, type PostForm, postFormSchema } from "~/lib/forms/publishing";
import { removeCopy } from "~/lib/local-copy";
import { NOINDEX } from "~/lib/seo/noindex";
import { pageTitle } from "~/lib/seo/title";
import { parseTags, tagsText } from "~/lib/tags";
import { services } from "~/runtime.server";
import { formAction } from "~/web/form-action.server";
import { requireRole } from "~/web/session.server";

import { autosaved, autosaveDraft, autosaveForm, editorForm, saveFromEditor } from "../dashboard/editor.server";
import { EditorForm } from "../dashboard/EditorForm";
import { HistoryLink, PreviewButton } from "../dashboard/EditorialFields";
import { ExcerptField } from "../dashboard/ExcerptField";
import type { Route } from "./+types/post-editor";

const EMPTY: PostForm = {
  title: "",
  category: "uncategorized",
  image: "",
  content: "",
  excerpt: "",
  tags: "",
  ...EMPTY_EDITORIAL,
};

/** /create-post and /update-post/{postId}: admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "news");
  const { posts, categories, readership } = await services();
  // The select lists the categories editors keep (issue 33).
  const options = categoryOptions(await categories.list());
  // A new post is published on Submit unless the editor chooses Draft or Scheduled. Its page's key
  // (draftId) is the id its first save creates it under: the page's saves make one post.
  if (!params.postId)
    return { post: null, options, values: { ...EMPTY, status: "published", draftId: crypto.randomUUID() } };
  const post = await posts.byId(params.postId, "admin");
  if (!post) throw data({ message: "Post not found" }, { status: 404 });
  return {
    options,
    post: {
      id: post.id,
      slug: post.slug,
      published: post.status === "published",
      revisions: (await posts.revisions(post.id)).length,
      // Its page's views since counting began (issue 35), summed about a minute after each read.
      views: await readership.pageViews("post", post.id),
    },
    values: {
      title: post.title,
      category: post.category,
      image: post.image,
      content: post.content,
      excerpt: post.excerpt,
      tags: tagsText(await posts.tagsOf(post.id)),
      status: post.status,
      publishAt: toLocalDateTime(post.publishAt),
      tzOffset: "",
      slug: post.slug,
      version: String(post.version),
    } as PostForm,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, "news");
  const editor = { admin, recordId: params.postId };
  if (new URL(request.url).searchParams.has("autosave")) {
    return formAction(request, autosaveForm(request, admin, EMPTY, postFormSchema), async ({ input }) => {
      const { posts } = await services();
      return autosaved(await autosaveDraft(posts, postFields(input), input, editor));
    });
  }
  // SPEC.md's words for a post that could not be saved.
  const spec = { ...editorForm(request, admin, EMPTY, postFormSchema), words: { failed: "something went wrong" } };
  return formAction(request, spec, async ({ input }) => {
    const { posts } = await services();
    const saved = await saveFromEditor(posts, postFields(input), input, { ...editor, title: input.title });
    return redirect(`/post/${saved.slug}`);
  });
}

const postFields = (form: PostForm) => ({
  title: form.title,
  category: form.category,
  image: form.image,
  content: form.content,
  excerpt: form.excerpt,
  tags: parseTags(form.tags ?? "").map((tag) => tag.name),
});

/** A request that never reached the server (offline, timed out) says so, and keeps the form. */
export function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "something went wrong", () => removeCopy(copyKey(params.postId)));
}

/** Offline, the page's data is not asked for again (the form stays, with its message). */
export function shouldRevalidate({ actionResult, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // An autosave changes nothing the form shows: its answer updates the form itself.
  if (formAction?.includes("autosave")) return false;
  return !failedOnNetwork(actionResult) && defaultShouldRevalidate;
}

/** Where this browser keeps a copy of the post being written (LocalCopy). */
const copyKey = (postId: string | undefined) => `post:${postId ?? "new"}`;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.post ? "Update post" : "Create post") }, NOINDEX];
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.post);
  // The page's own submissions (an autosave's answer goes to its fetcher, not here).
  const answer = actionData && "values" in actionData ? actionData : undefined;
  const values = (answer?.values as PostForm | null) ?? loaderData.values;
  return (
    <EditorForm
      heading={editing ? "Update post" : "Create a post"}
      schema={postFormSchema}
      refused={answer?.errors}
      editorial={{
        values,
        addressPrefix: "/post/",
        publicHref: loaderData.post ? `/post/${loaderData.post.slug}` : undefined,
      }}
      alreadyPublished={Boolean(loaderData.post?.published)}
      // New items, and drafts, are kept on the server as the editor types.
      autosave={!loaderData.post || values.status === "draft"}
      localCopy={{ key: copyKey(loaderData.post?.id), fields: ["title", "category", "content", "excerpt", "tags"] }}
    >
      {(errors, onUploadingChange) => (
        <>
          <div className="grid gap-6 sm:grid-cols-[1fr_14rem]">
            <Field label="Title" name="title" aria-required="true" defaultValue={values.title} error={errors.title} />
            <Select
              id="category"
              name="category"
              label="Category"
              defaultValue={values.category}
              options={loaderData.options}
              error={errors.category}
            />
          </div>
          <Field label="Tags" name="tags" defaultValue={values.tags ?? ""} hint={TAGS_HINT} error={errors.tags} />
          <div>
            <ImageUploadField
              name="image"
              label="Post image"
              defaultValue={values.image}
              onUploadingChange={onUploadingChange}
              failureMessage="trouble uploading image"
              // A post may have no image (SPEC.md: only the title is required).
              removable
            />
            <FieldError id="image-error" message={errors.image} />
          </div>
          <RichTextEditor
            name="content"
            label="Content"
            defaultValue={values.content}
            onUploadingChange={onUploadingChange}
            error={errors.content}
          />
          <ExcerptField defaultValue={values.excerpt ?? ""} error={errors.excerpt} />
          <div className="flex flex-wrap items-center gap-4">
            <PreviewButton kind="post" recordId={loaderData.post?.id} />
            {loaderData.post && (
              <HistoryLink href={`/update-post/${loaderData.post.id}/history`} count={loaderData.post.revisions} />
            )}
            {loaderData.post?.published && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Views: <strong>{loaderData.post.views.toLocaleString("en")}</strong>{" "}
                <a href="/dashboard?tab=analytics" className="text-navy-700 hover:underline dark:text-gold-300">
                  Analytics
                </a>
              </p>
            )}
          </div>
        </>
      )}
    </EditorForm>
  );
}
