import { data, Form, Link, redirect } from "react-router";

import { Alert } from "~/components/forms/Alert";
import { Button } from "~/components/ui/Button";
import { Heading } from "~/components/ui/Heading";
import { REVISION_RESTORED } from "~/domain/messages/editorial";
import { SECTION_LABELS, STAFF_ROLE_LABELS } from "~/domain/record-names";
import type { Area } from "~/domain/roles";
import { FOCUS_LABELS } from "~/domain/vocabulary";
import { PROFILE_RECORD } from "~/journal/journal.server";
import { issueLabel } from "~/journal/vocabulary";
import { articleRevisionFields } from "~/journal/web/revision-fields.server";
import { revisionDiff, type RevisionField } from "~/lib/revision-diff.server";
import { NOINDEX } from "~/lib/seo/noindex";
import { formatDate } from "~/lib/text";
import { services } from "~/runtime.server";
import { noteActivity } from "~/services/activity.server";
import type { RevisionSummary } from "~/services/editorial.server";
import { openAdminActivity } from "~/web/activity.server";
import { formAction } from "~/web/form-action.server";
import { requireRole } from "~/web/session.server";

import type { Route } from "./+types/revisions";

/** What each kind's revisions hold, as the comparison names it. */
const FIELDS = {
  post: [
    { name: "title", label: "Title" },
    { name: "category", label: "Category" },
    { name: "image", label: "Post image" },
    { name: "content", label: "Content", html: true },
    { name: "excerpt", label: "Excerpt" },
  ],
};

type Subject = {
  title: string;
  /** Where the record is edited; the history page is `historyHref`. */
  editHref: string;
  historyHref: string;
  fields: RevisionField[];
  revisions(): Promise<RevisionSummary[]>;
  revision(id: string): Promise<{ version: number; data: unknown }>;
  restore(id: string, editorId: string): Promise<unknown>;
};

const SITE_KINDS = ["settings", "staff", "announcement", "focus"] as const;
const SITE_TABS = { settings: "about", staff: "staff", announcement: "announce", focus: "focus" } as const;

/** "Announcement", "Focus: homePage", "Staff: Director"... as the dashboard names them. */
function siteTitle(kind: (typeof SITE_KINDS)[number], recordId: string) {
  const labels: Record<string, Record<string, string>> = {
    settings: SECTION_LABELS,
    staff: STAFF_ROLE_LABELS,
    focus: FOCUS_LABELS,
  };
  if (kind === "announcement") return "Announcement";
  return `${kind[0].toUpperCase()}${kind.slice(1)}: ${labels[kind]?.[recordId] ?? recordId}`;
}

/** The fields of a site content revision: whatever it holds, rich text where the editor writes it. */
const siteFields = (data: Record<string, unknown>) =>
  Object.keys(data)
    .filter((name) => name !== "role" && name !== "key")
    .map((name) => ({ name, label: name, html: /content|description|details|focusScope|callText/i.test(name) }));

/** Every issue's label by its id, for an article's Issue field. */
async function issueLabels() {
  const issues = await (await services()).journal.issues({ includeForthcoming: true });
  return new Map(issues.map((issue) => [issue.id, issueLabel(issue)]));
}

/** Who may see and restore this page's revisions: the area its record belongs to (roles.ts). */
function areaOf(params: Route.LoaderArgs["params"]): Area {
  if (params.postId) return "news";
  if (params.journalId || params.kind === "journal-settings") return "journal";
  return "site";
}

/** The record this page is about, from its address: a post, an article, or a piece of site content. */
async function subject(params: Route.LoaderArgs["params"]): Promise<Subject> {
  const all = await services();
  if (params.kind === "journal-settings") {
    if (params.recordId !== PROFILE_RECORD) throw data({ message: "Not found" }, { status: 404 });
    const { journal } = all;
    const latest = (await journal.profileRevisions())[0];
    const latestData = latest ? ((await journal.profileRevision(latest.id)).data as Record<string, unknown>) : {};
    return {
      title: "Journal settings",
      editHref: "/dashboard?tab=journal",
      historyHref: `/history/journal-settings/${PROFILE_RECORD}`,
      // Empty board rows are not worth a line of the comparison.
      fields: siteFields(latestData).filter(({ name }) => !/^board\d+_/.test(name) || latestData[name]),
      revisions: () => journal.profileRevisions(),
      revision: (id) => journal.profileRevision(id),
      restore: (id, editorId) => journal.restoreProfileRevision(id, editorId),
    };
  }
  if (params.kind) {
    const kind = SITE_KINDS.find((k) => k === params.kind);
    const recordId = params.recordId ?? "";
    if (!kind || !/^[\w-]{1,60}$/.test(recordId)) throw data({ message: "Not found" }, { status: 404 });
    const site = all.siteContent;
    const latest = (await site.revisions(kind, recordId))[0];
    const latestData = latest ? ((await site.revision(kind, recordId, latest.id)).data as Record<string, unknown>) : {};
    return {
      title: siteTitle(kind, recordId),
      editHref: `/dashboard?tab=${SITE_TABS[kind]}`,
      historyHref: `/history/${kind}/${recordId}`,
      fields: siteFields(latestData),
      revisions: () => site.revisions(kind, recordId),
      revision: (id) => site.revision(kind, recordId, id),
      restore: (id, editorId) => site.restoreRevision(kind, recordId, id, editorId),
    };
  }
  const kind = params.postId ? ("post" as const) : ("journal" as const);
  const id = params.postId ?? params.journalId ?? "";
  const store = kind === "post" ? all.posts : all.articles;
  const record = await store.byId(id, "admin");
  if (!record)
    throw data({ message: kind === "post" ? "Post not found" : "Journal article not found" }, { status: 404 });
  return {
    title: record.title,
    editHref: `/update-${kind}/${id}`,
    historyHref: `/update-${kind}/${id}/history`,
    // An article's revisions keep its scholarly fields too: every one is compared (issue 31).
    fields: kind === "post" ? FIELDS.post : articleRevisionFields(await issueLabels()),
    revisions: () => store.revisions(id),
    revision: (revisionId) => store.revision(id, revisionId),
    restore: (revisionId, editorId) => store.restoreRevision(id, revisionId, editorId),
  };
}

/**
 * /update-post/{id}/history, /update-journal/{id}/history and /history/{kind}/{record} (settings
 * sections, staff roles, the announcement, focus pages): every save, who and when; compare; restore.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, areaOf(params));
  const record = await subject(params);
  const revisions = await record.revisions();
  const url = new URL(request.url);
  const compareId = url.searchParams.get("compare");
  let comparison = null;
  if (compareId) {
    const revision = await record.revision(compareId);
    const current = revisions[0] ? await record.revision(revisions[0].id) : revision;
    comparison = {
      version: revision.version,
      changes: revisionDiff(
        record.fields,
        revision.data as Record<string, unknown>,
        current.data as Record<string, unknown>,
      ),
    };
  }
  return {
    title: record.title,
    editHref: record.editHref,
    revisions,
    comparison,
    restored: url.searchParams.has("restored"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, areaOf(params));
  const kind = params.kind ?? (params.postId ? "post" : "journal");
  // Logged once, as the restore of this record's revision (decision 024).
  const activity = openAdminActivity(request, admin, {
    action: `revisions.restore-${kind}`,
    target: { kind, id: params.recordId ?? params.postId ?? params.journalId ?? null },
  });
  // A revision that is gone, or one naming an image no longer stored: said, not a crash.
  return formAction(request, { where: "history restore", fields: ["revisionId"], activity }, async ({ values }) => {
    const record = await subject(params);
    noteActivity({ target: { label: record.title }, details: { revisionId: values.revisionId } });
    await record.restore(values.revisionId, admin.id);
    return redirect(`${record.historyHref}?restored`);
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `History of ${loaderData.title}` : "History" }, NOINDEX];
}

export default function RevisionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { title, editHref, revisions, comparison, restored } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p>
        <Link to={editHref} className="text-sm font-semibold text-navy-700 underline dark:text-gold-300">
          Back to the editor
        </Link>
      </p>
      <Heading level={1}>History of “{title}”</Heading>
      {restored && (
        <div className="mt-4">
          <Alert tone="success">{REVISION_RESTORED}</Alert>
        </div>
      )}
      {actionData && !actionData.ok && (
        <div className="mt-4">
          <Alert tone="error">{actionData.message}</Alert>
        </div>
      )}
      {comparison && <VersionComparison comparison={comparison} />}
      <table className="mt-8 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700/60">
            <th className="py-2">Version</th>
            <th className="py-2">Saved</th>
            <th className="py-2">By</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision, index) => (
            <tr key={revision.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2">
                {revision.version}
                {index === 0 && " (current)"}
              </td>
              <td className="py-2">
                {formatDate(revision.createdAt)} {new Date(revision.createdAt).toISOString().slice(11, 16)} UTC
              </td>
              <td className="py-2">{revision.authorName ?? "Unknown"}</td>
              <td className="py-2">
                {index > 0 && (
                  <div className="flex flex-wrap gap-3">
                    <Link
                      to={`?compare=${revision.id}`}
                      className="font-semibold text-navy-700 underline dark:text-gold-300"
                    >
                      Compare version {revision.version}
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="revisionId" value={revision.id} />
                      <Button type="submit" variant="link" size="inline">
                        Restore version {revision.version}
                      </Button>
                    </Form>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Comparison = NonNullable<Route.ComponentProps["loaderData"]["comparison"]>;

/** A version beside the current one: each field that differs, its words struck out or highlighted. */
function VersionComparison({ comparison }: { comparison: Comparison }) {
  return (
    <section
      aria-labelledby="compare-title"
      className="mt-8 rounded-xl border border-slate-200 p-6 dark:border-slate-700/60"
    >
      <h2 id="compare-title" className="font-serif text-xl font-bold">
        Version {comparison.version} compared with the current version
      </h2>
      {comparison.changes.length === 0 ? (
        <p className="mt-3">No differences.</p>
      ) : (
        <dl className="mt-4 space-y-4">
          {comparison.changes.map((change) => (
            <div key={change.label}>
              <dt className="font-semibold">{change.label}</dt>
              <dd className="mt-1 leading-7 whitespace-pre-wrap">
                {change.parts.map((part, i) =>
                  part.change === "removed" ? (
                    <del key={i} className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200">
                      {part.text}
                    </del>
                  ) : part.change === "added" ? (
                    <ins
                      key={i}
                      className="bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-200"
                    >
                      {part.text}
                    </ins>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Struck-through words are in version {comparison.version} only; highlighted words are in the current version
        only.
      </p>
    </section>
  );
}
