import { useState } from "react";
import { Form } from "react-router";

import { fieldBinder } from "~/components/forms/bind-field";
import { Field } from "~/components/forms/Field";
import { Button, buttonClasses } from "~/components/ui/Button";
import { type Column, DataTable } from "~/components/ui/DataTable";
import { Heading } from "~/components/ui/Heading";
import { Notice } from "~/components/ui/Notice";
import { Select } from "~/components/ui/Select";
import { editColumn } from "~/dashboard/EditColumn";
import { FormActions } from "~/dashboard/FormActions";
import { ListEditorForm } from "~/dashboard/ListEditorForm";
import { SaveButton } from "~/dashboard/SaveButton";
import type { ActionResult, Loaded, TabProps } from "~/dashboard/tab";
import { DEFAULT_CATEGORY_KEPT } from "~/domain/messages/posts";
import { DEFAULT_CATEGORY } from "~/domain/vocabulary";

import type { load } from "./categories.server";

type Data = Loaded<typeof load>;
type CategoryRow = Data["categories"][number];

const CATEGORIES_PAGE = "/dashboard?tab=categories";
const postCount = (n: number) => (n === 1 ? "1 post" : `${n} posts`);

/** One small form a button: works with or without JavaScript. */
function RowButton({
  intent,
  fields,
  label,
  text,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  text: string;
}) {
  return (
    <Form method="post" action={CATEGORIES_PAGE} preventScrollReset className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="link" name="intent" value={intent} aria-label={label}>
        {text}
      </Button>
    </Form>
  );
}

function categoryColumns(rows: CategoryRow[]): Column<CategoryRow>[] {
  const place = (category: CategoryRow) => rows.findIndex((row) => row.slug === category.slug);
  return [
    {
      header: "Name",
      cell: (category) => (
        <div>
          <span className="font-medium">{category.name}</span>
          {category.description && <p className="text-sm text-slate-600 dark:text-slate-400">{category.description}</p>}
        </div>
      ),
    },
    {
      header: "Page",
      cell: (category) => (
        <a href={`/posts/category/${category.slug}`} className={buttonClasses("link", "inline")}>
          /posts/category/{category.slug}
        </a>
      ),
    },
    { header: "Posts", cell: (category) => category.posts },
    {
      header: "Order",
      cell: (category) => (
        <div className="flex gap-3">
          {place(category) > 0 && (
            <RowButton
              intent="move-category"
              fields={{ slug: category.slug, direction: "up" }}
              label={`Move ${category.name} up`}
              text="Up"
            />
          )}
          {place(category) < rows.length - 1 && (
            <RowButton
              intent="move-category"
              fields={{ slug: category.slug, direction: "down" }}
              label={`Move ${category.name} down`}
              text="Down"
            />
          )}
        </div>
      ),
    },
    editColumn(
      (category) => `${CATEGORIES_PAGE}&edit=${category.slug}`,
      (category) => category.name,
    ),
  ];
}

/**
 * The news categories (issue 33): in the order the post editor's select and the site list them,
 * each renamed, moved or deleted here. A category's address stays when it is renamed.
 */
export function CategoriesTab({ data: { categories, editing }, result }: TabProps<Data>) {
  const current = categories.find((category) => category.slug === editing);
  // A saved form starts afresh; a refused one keeps what was typed.
  const [seen, setSeen] = useState({ result, saves: 0 });
  if (seen.result !== result) setSeen({ result, saves: seen.saves + (result?.ok ? 1 : 0) });
  return (
    <section aria-labelledby="categories-title">
      <Heading id="categories-title">Categories</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The post editor offers these categories in this order. Each has its own page and feed; renaming one keeps its
        address.
      </p>
      <Notice result={result?.intent === "move-category" ? result : undefined} className="mt-4" />
      <div className="mt-6">
        <DataTable columns={categoryColumns(categories)} rows={categories} rowKey={(category) => category.slug} />
      </div>
      <CategoryEditor
        key={`${current?.slug ?? "new"}:${seen.saves}`}
        editing={current}
        result={result?.intent === "save-category" ? result : undefined}
      />
      {current && (
        <DeleteCategory
          category={current}
          others={categories.filter((category) => category.slug !== current.slug)}
          result={result?.intent === "delete-category" ? result : undefined}
        />
      )}
      {!current && result?.intent === "delete-category" && <Notice result={result} className="mt-6" />}
    </section>
  );
}

function CategoryEditor({ editing, result }: { editing: CategoryRow | undefined; result: ActionResult | undefined }) {
  const refused = result && !result.ok ? result : undefined;
  const values = (refused?.values as Record<string, string> | undefined) ?? {
    name: editing?.name ?? "",
    description: editing?.description ?? "",
  };
  const bind = fieldBinder(values, refused?.errors ?? {});
  return (
    <ListEditorForm
      page={CATEGORIES_PAGE}
      editing={editing?.slug}
      titleId="category-form-title"
      title={editing ? `Edit ${editing.name}` : "New category"}
      newInstead="New category instead"
    >
      <input type="hidden" name="slug" value={editing?.slug ?? ""} />
      <Field label="Name" {...bind("name")} aria-required="true" />
      <Field label="Description" {...bind("description")} hint="Optional. Shown at the top of the category's page." />
      <FormActions>
        <Notice result={result} />
        <SaveButton intent="save-category" label={editing ? "Save category" : "Add category"} />
      </FormActions>
    </ListEditorForm>
  );
}

/** Deleting a category that holds posts asks where they go; the default category stays. */
function DeleteCategory({
  category,
  others,
  result,
}: {
  category: CategoryRow;
  others: CategoryRow[];
  result: ActionResult | undefined;
}) {
  return (
    <section
      aria-labelledby="delete-category-title"
      className="mt-6 space-y-4 rounded-xl border border-red-200 p-5 dark:border-red-900"
    >
      <Heading level={3} id="delete-category-title">
        Delete {category.name}
      </Heading>
      {category.slug === DEFAULT_CATEGORY ? (
        <p className="text-slate-600 dark:text-slate-400">{DEFAULT_CATEGORY_KEPT}</p>
      ) : (
        <Form method="post" action={`${CATEGORIES_PAGE}&edit=${category.slug}`} className="space-y-4">
          <input type="hidden" name="slug" value={category.slug} />
          {category.posts > 0 ? (
            <Select
              id="moveTo"
              name="moveTo"
              label={`Move its ${postCount(category.posts)} to`}
              options={others.map((other) => ({ value: other.slug, label: other.name }))}
              defaultValue={DEFAULT_CATEGORY}
              error={result && !result.ok ? result.errors?.moveTo : undefined}
            />
          ) : (
            <p className="text-slate-600 dark:text-slate-400">No post is in this category.</p>
          )}
          <FormActions>
            <Notice result={result} />
            <Button type="submit" variant="secondary" name="intent" value="delete-category">
              Delete category
            </Button>
          </FormActions>
        </Form>
      )}
    </section>
  );
}
