import { useState } from "react";
import { Link } from "react-router";

import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Alert } from "~/components/forms/Alert";
import { type ListPage, ShowMoreButton, useShowMore } from "~/components/ShowMore";
import { categoryLabel } from "~/domain/vocabulary";
import { srcSetFor } from "~/lib/images";
import { formatDate } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

import { AdminTable } from "./AdminTable";

export type PostRow = {
  id: string;
  slug: string;
  title: string;
  category: string;
  image: string;
  updatedAt: Date | string;
};
export type JournalRow = { id: string; slug: string; filename: string; updatedAt: Date | string };

const td = "px-4 py-3";

/** A delete link that opens SPEC.md's dialog (a ?confirm= link without JavaScript). */
function DeleteLink({
  tab,
  id,
  label,
  onOpen,
}: {
  tab: string;
  id: string;
  label: string;
  onOpen: (id: string) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Link
      to={`/dashboard?tab=${tab}&confirm=${id}`}
      preventScrollReset
      aria-label={`Delete ${label}`}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onOpen(id);
      }}
      className="font-semibold text-red-700 hover:underline dark:text-red-300"
    >
      Delete
    </Link>
  );
}

export function PostsTab({
  posts,
  confirmId,
  result,
}: {
  posts: ListPage<PostRow>;
  confirmId: string | null;
  result?: { ok: boolean; message: string };
}) {
  const pageHref = (n: number) => `/dashboard?tab=posts&page=${n}`;
  const list = useShowMore(posts, (data: { posts: ListPage<PostRow> | null }) => data.posts);
  const [deleting, setDeleting] = useState<string | null>(confirmId);
  const target = list.items.find((p) => p.id === deleting);
  return (
    <section aria-labelledby="posts-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="posts-title" className="font-serif text-3xl font-bold text-navy-900 dark:text-white">
          Posts
        </h2>
        <Link
          to="/create-post"
          className="rounded-md bg-navy-800 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          Create a post
        </Link>
      </div>
      {result && (
        <div className="mt-4">
          <Alert tone={result.ok ? "success" : "error"} token={result}>
            {result.message}
          </Alert>
        </div>
      )}
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">no post yet</p>
      ) : (
        <div className="mt-6">
          <AdminTable headings={["Date Updated", "Post image", "Post title", "Category", "Delete", "Edit"]}>
            {list.items.map((post) => (
              <tr key={post.id}>
                <td className={`${td} whitespace-nowrap`}>{formatDate(post.updatedAt, "short")}</td>
                <td className={td}>
                  <Link to={`/post/${post.slug}`} aria-label={`Open ${post.title}`}>
                    {post.image ? (
                      <img
                        src={post.image}
                        srcSet={srcSetFor(post.image)}
                        sizes="96px"
                        alt=""
                        className="h-12 w-20 rounded object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <span className="block h-12 w-20 rounded bg-navy-100 dark:bg-navy-900" />
                    )}
                  </Link>
                </td>
                <td className={`${td} font-medium`}>
                  <Link to={`/post/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </td>
                <td className={td}>{categoryLabel(post.category)}</td>
                <td className={td}>
                  <DeleteLink tab="posts" id={post.id} label={post.title} onOpen={setDeleting} />
                </td>
                <td className={td}>
                  <Link
                    to={`/update-post/${post.id}`}
                    aria-label={`Edit ${post.title}`}
                    className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      {list.hasMore && (
        <ShowMoreButton
          label="Show more"
          href={pageHref(list.page + 1)}
          loading={list.loading}
          onLoad={() => list.loadNext(pageHref)}
        />
      )}
      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setDeleting(null)}
        fields={{ intent: "delete-post", postId: target?.id ?? "" }}
        pageHref="/dashboard?tab=posts"
        description={target ? `"${target.title}" will be removed from the site.` : undefined}
      />
    </section>
  );
}

export function JournalsTab({
  journals,
  confirmId,
  result,
}: {
  journals: ListPage<JournalRow>;
  confirmId: string | null;
  result?: { ok: boolean; message: string };
}) {
  const pageHref = (n: number) => `/dashboard?tab=journals&page=${n}`;
  const list = useShowMore(journals, (data: { journals: ListPage<JournalRow> | null }) => data.journals);
  const [deleting, setDeleting] = useState<string | null>(confirmId);
  const target = list.items.find((j) => j.id === deleting);
  return (
    <section aria-labelledby="journals-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="journals-title" className="font-serif text-3xl font-bold text-navy-900 dark:text-white">
          Journals
        </h2>
        <Link
          to="/create-journal"
          className="rounded-md bg-navy-800 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-700 dark:bg-gold-500 dark:text-navy-950"
        >
          Create Journal
        </Link>
      </div>
      {result && (
        <div className="mt-4">
          <Alert tone={result.ok ? "success" : "error"} token={result}>
            {result.message}
          </Alert>
        </div>
      )}
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">no journal yet</p>
      ) : (
        <div className="mt-6">
          <AdminTable headings={["Date Updated", "Journal Pdf", "Journal title", "Delete", "Edit"]}>
            {list.items.map((journal) => (
              <tr key={journal.id}>
                <td className={`${td} whitespace-nowrap`}>{formatDate(journal.updatedAt, "short")}</td>
                <td className={td}>
                  <a
                    href={`/journal/${journal.slug}/pdf?download`}
                    className="font-semibold whitespace-nowrap text-navy-700 hover:underline dark:text-gold-300"
                    aria-label={`Download PDF of ${journal.filename}`}
                  >
                    Download PDF
                  </a>
                </td>
                <td className={`${td} font-medium`}>
                  <Link to={`/journal/${journal.slug}`} className="hover:underline">
                    {journal.filename}
                  </Link>
                </td>
                <td className={td}>
                  <DeleteLink tab="journals" id={journal.id} label={journal.filename} onOpen={setDeleting} />
                </td>
                <td className={td}>
                  <Link
                    to={`/update-journal/${journal.id}`}
                    aria-label={`Edit ${journal.filename}`}
                    className="font-semibold text-navy-700 hover:underline dark:text-gold-300"
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      {list.hasMore && (
        <ShowMoreButton
          label="Show more"
          href={pageHref(list.page + 1)}
          loading={list.loading}
          onLoad={() => list.loadNext(pageHref)}
        />
      )}
      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setDeleting(null)}
        fields={{ intent: "delete-journal", journalId: target?.id ?? "" }}
        pageHref="/dashboard?tab=journals"
        description={target ? `"${target.filename}" and its PDF will be removed from the site.` : undefined}
      />
    </section>
  );
}
