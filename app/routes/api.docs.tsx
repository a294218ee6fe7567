import { PageHero } from "~/components/PageHero";
import { privateMeta } from "~/lib/seo/private-meta";
import { openApiDocument } from "~/routes/api/openapi.server";

import type { Route } from "./+types/api.docs";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  title?: string;
  const?: unknown;
};
type Field = { name: string; type: string; required: boolean; description: string };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { description: string }>;
};

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(" or ");
  if (schema.type === "array") return `list of ${typeOf(schema.items)}`;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return schema.type ?? "any";
}

function fieldsOf(schema: Schema | undefined): Field[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: schema.required?.includes(name) ?? false,
    description: property.description ?? "",
  }));
}

/** The document, reduced to what a person reads: one entry per call, grouped by area. */
export function loader() {
  const document = openApiDocument() as { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };
  const entries = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody?.content["application/json"]?.schema;
      return {
        id: op.operationId,
        tag: op.tags[0],
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description,
        parameters: op.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeOf(p.schema),
          required: p.required,
          description: p.description ?? "",
        })),
        bodyFields: body?.anyOf ? [] : fieldsOf(body),
        bodyVariants: body?.anyOf?.map((variant) => ({ title: variant.title ?? "", fields: fieldsOf(variant) })) ?? [],
        responses: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description })),
      };
    }),
  );
  return { tags: document.tags.map((t) => t.name), entries };
}

export const meta = privateMeta("API reference");

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
  POST: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200",
};

function FieldTable({
  caption,
  fields,
}: {
  caption: string;
  fields: { name: string; type: string; required: boolean; description: string }[];
}) {
  if (fields.length === 0) return null;
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="text-left font-semibold text-slate-800 dark:text-slate-200">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="py-1 pr-4 font-medium">
            Name
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            Type
          </th>
          <th scope="col" className="py-1 font-medium">
            Notes
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.name} className="border-b border-slate-100 align-top dark:border-slate-800">
            <td className="py-1 pr-4 font-mono">{f.name}</td>
            <td className="py-1 pr-4">{f.type}</td>
            <td className="py-1">
              {[f.required ? "required" : "optional", f.description].filter(Boolean).join(" · ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { tags, entries } = loaderData;
  return (
    <>
      {/* Like every page, it opens with the dark band the signed-out top bar lies over (over the page's
          light background the bar's white links were illegible). */}
      <PageHero title="API reference" compact />
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">
          The site&apos;s data as JSON, for scripts and apps. Sign in with <code>POST /api/auth/signin</code>; the
          session cookie it sets authorises later calls. Every refusal is{" "}
          <code>{"{success: false, statusCode, message}"}</code>. The machine-readable description is{" "}
          <a className="font-semibold text-navy-700 underline dark:text-sky-300" href="/api/openapi.json">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        <nav aria-label="API areas" className="mt-6 flex flex-wrap gap-3">
          {tags.map((tag) => (
            <a
              key={tag}
              href={`#${tag.toLowerCase().replace(/\s+/g, "-")}`}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {tag}
            </a>
          ))}
        </nav>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={tag.toLowerCase().replace(/\s+/g, "-")} className="mt-10">
            <h2
              id={tag.toLowerCase().replace(/\s+/g, "-")}
              className="font-serif text-2xl font-bold text-navy-900 dark:text-white"
            >
              {tag}
            </h2>
            {entries
              .filter((e) => e.tag === tag)
              .map((e) => (
                <article
                  key={e.id}
                  id={e.id}
                  className="mt-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700/60 dark:bg-night-card"
                >
                  <h3 className="flex flex-wrap items-center gap-3">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_STYLE[e.method] ?? ""}`}>
                      {e.method}
                    </span>
                    <code className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{e.path}</code>
                  </h3>
                  <p className="mt-2 font-semibold text-slate-800 dark:text-slate-200">{e.summary}</p>
                  {e.description.split("\n\n").map((paragraph) => (
                    <p key={paragraph} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {paragraph}
                    </p>
                  ))}
                  <FieldTable
                    caption="Parameters"
                    fields={e.parameters.map((p) => ({
                      ...p,
                      description: [p.in === "path" ? "in the path" : "in the query", p.description]
                        .filter(Boolean)
                        .join(" · "),
                    }))}
                  />
                  <FieldTable caption="JSON body" fields={e.bodyFields} />
                  {e.bodyVariants.map((v) => (
                    <FieldTable key={v.title} caption={`JSON body for ${v.title}`} fields={v.fields} />
                  ))}
                  <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-semibold">Answers: </span>
                    {e.responses.map((r) => `${r.status} ${r.description}`).join(" · ")}
                  </p>
                </article>
              ))}
          </section>
        ))}
      </section>
    </>
  );
}
