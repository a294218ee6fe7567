import { data, Form, redirect, useNavigation } from "react-router";

import { RichTextEditor } from "~/components/editor/RichTextEditor";
import { Alert } from "~/components/forms/Alert";
import { Field } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { ImageUploadField } from "~/components/ui/ImageUploadField";
import { Select } from "~/components/ui/Select";
import { keepFormOnNetworkFailure, useSchemaCheck, useUploadsInFlight } from "~/lib/form-hooks";
import { CATEGORY_OPTIONS, fieldErrors, type PostForm, postSchema } from "~/lib/forms/publishing";
import { pageTitle } from "~/lib/meta";
import { readForm } from "~/lib/read-form.server";
import { services } from "~/runtime.server";
import { ServiceError } from "~/services/errors.server";
import { requireAdmin } from "~/web/session.server";

import type { Route } from "./+types/post-editor";

const EMPTY: PostForm = { title: "", category: "uncategorized", image: "", content: "" };

/** /create-post and /update-post/{postId}: admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!params.postId) return { post: null, values: EMPTY };
  const post = await (await services()).posts.byId(params.postId);
  if (!post) throw data({ message: "Post not found" }, { status: 404 });
  return {
    post: { id: post.id, slug: post.slug },
    values: { title: post.title, category: post.category, image: post.image, content: post.content } as PostForm,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const values = {
    title: String(form.get("title") ?? ""),
    category: String(form.get("category") ?? "uncategorized"),
    image: String(form.get("image") ?? ""),
    content: String(form.get("content") ?? ""),
  };
  const parsed = postSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { posts } = await services();
  let saved;
  try {
    saved = params.postId
      ? await posts.update(params.postId, parsed.data)
      : await posts.create({ ...parsed.data, userId: admin.id });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data(
      { errors: { [error.field ?? "form"]: error.message } as Record<string, string>, values },
      { status: error.status },
    );
  }
  return redirect(`/post/${saved.slug}`);
}

/** A request that never reached the server (offline, timed out) says so, and keeps the form. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormOnNetworkFailure(serverAction, "something went wrong");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, loaderData?.post ? "Update post" : "Create post") }];
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const editing = Boolean(loaderData.post);
  const values = actionData?.values ?? loaderData.values;
  const check = useSchemaCheck(postSchema, fieldErrors);
  const errors: Record<string, string> = check.errors ?? actionData?.errors ?? {};
  const { uploading, onUploadingChange: setUploading } = useUploadsInFlight();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Heading level={1}>{editing ? "Update post" : "Create a post"}</Heading>
      <Form
        method="post"
        onSubmit={check.onSubmit}
        className="mt-8 space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700/60 dark:bg-night-card"
      >
        <div className="grid gap-6 sm:grid-cols-[1fr_14rem]">
          <Field label="Title" name="title" aria-required="true" defaultValue={values.title} error={errors.title} />
          <Select
            id="category"
            name="category"
            label="Category"
            defaultValue={values.category}
            options={CATEGORY_OPTIONS}
            error={errors.category}
          />
        </div>
        <div>
          <ImageUploadField
            name="image"
            label="Post image"
            defaultValue={values.image}
            onUploadingChange={setUploading}
            failureMessage="trouble uploading image"
          />
          <FieldError id="image-error" message={errors.image} />
        </div>
        <RichTextEditor
          name="content"
          label="Content"
          defaultValue={values.content}
          onUploadingChange={setUploading}
          error={errors.content}
        />
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Button type="submit" size="block" disabled={uploading || submitting} className="disabled:cursor-not-allowed">
          {submitting ? "Saving..." : editing ? "Update Post" : "Submit Post"}
        </Button>
      </Form>
    </section>
  );
}
