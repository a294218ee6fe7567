import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { domainServices } from "~/runtime.server";

import type { CounterAnswer } from "../counter.server";
import type { CounterReport } from "../report";
import { tabularReport } from "../tabular";
import { REPORT_IDS, type ReportId } from "../vocabulary";
import type { Route } from "./+types/r51";

/**
 * /r51/* (issue 35): the COUNTER API, Release 5.1 (its specification: COUNTER_API-5.1.json of
 * Project COUNTER; docs/architecture.md). JSON by default; `format=tsv` on a report's path gives
 * the same report in COUNTER's tabular layout, as a download. Never cached: the key is in the address.
 */
const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

function json(answer: CounterAnswer) {
  return Response.json(answer.body, { status: answer.status, headers: { ...NO_STORE, ...answer.headers } });
}

/** A path the COUNTER API has not here: a report this platform does not offer, or none at all. */
function notSupported(path: string) {
  return Response.json(
    {
      Code: 0,
      Message: path.startsWith("reports/") ? "Report Not Supported" : "Path Not Found",
      Data: `No such path: /r51/${path}. This server offers /r51/status, /r51/members, /r51/reports and the reports ${REPORT_IDS.map((id) => `/r51/reports/${id}`).join(", ")}.`,
    },
    { status: 404, headers: NO_STORE },
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const path = (params["*"] ?? "").replace(/\/+$/, "");
  const url = new URL(request.url);
  const address = request.headers.get(CLIENT_IP_HEADER);
  const counter = (await domainServices()).counter;
  if (path === "status") return json(await counter.status());
  if (path === "members") return json(await counter.members(url.searchParams, address));
  if (path === "reports") return json(await counter.reports(url.searchParams, address));
  const report = /^reports\/([a-z0-9_]+)$/.exec(path)?.[1];
  if (!report || !(REPORT_IDS as readonly string[]).includes(report)) return notSupported(path);
  const answer = await counter.report(report as ReportId, url.searchParams, address);
  if (answer.status !== 200 || url.searchParams.get("format") !== "tsv") return json(answer);
  const body = answer.body as CounterReport;
  const filters = body.Report_Header.Report_Filters as { Begin_Date: string; End_Date: string };
  const name = `${body.Report_Header.Report_ID}_${filters.Begin_Date.slice(0, 7)}_${filters.End_Date.slice(0, 7)}.tsv`;
  return new Response(tabularReport(body), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/tab-separated-values; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
