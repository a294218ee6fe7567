import type { CounterReport } from "./report";
import { monthsBetween } from "./request";
import { IR_METRICS, PR_METRICS } from "./vocabulary";

/**
 * A COUNTER report in the tabular layout (Code of Practice 5.1, sections 3.2 and 4: the thirteen
 * header rows in their order, a blank row, the column headings, one row per item and metric),
 * as tab-separated values. Made from the JSON report, so the two always say the same.
 */

type Counts = Record<string, number>;
type Performance = Record<string, Counts>;
type AttributePerformance = Record<string, unknown> & { Performance: Performance };
type Identifiers = Partial<Record<"DOI" | "Proprietary" | "ISBN" | "Print_ISSN" | "Online_ISSN" | "URI", string>>;
type ItemEntry = {
  Item: string;
  Publisher: string;
  Platform: string;
  Authors?: { Name: string; ORCID?: string }[];
  Publication_Date?: string;
  Article_Version?: string;
  Item_ID: Identifiers;
  Attribute_Performance: AttributePerformance[];
};
type ParentEntry = { Title?: string; Item_ID?: Identifiers; Data_Type?: string; Items: ItemEntry[] };

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mmm-yyyy", the monthly columns' heading. */
export function monthHeading(month: string) {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}-${month.slice(0, 4)}`;
}

function cell(value: unknown): string {
  return String(value ?? "").replace(/[\t\r\n]+/g, " ");
}

function listed(value: unknown): string {
  return Array.isArray(value) ? value.join("|") : String(value);
}

function authorsCell(authors: ItemEntry["Authors"]) {
  return (authors ?? [])
    .map((author) => (author.ORCID ? `${author.Name} (ORCID:${author.ORCID})` : author.Name))
    .join("; ");
}

export function tabularReport(report: CounterReport): string {
  const header = report.Report_Header as Record<string, unknown> & {
    Report_Filters: Record<string, unknown>;
    Report_Attributes?: Record<string, unknown>;
    Exceptions?: { Code: number; Message: string; Data?: string }[];
    Institution_ID: Record<string, string[]>;
  };
  const reportId = String(header.Report_ID);
  const filters = header.Report_Filters;
  const attributes = header.Report_Attributes ?? {};
  const totalsOnly = attributes.Granularity !== undefined;
  const shown = (attributes.Attributes_To_Show as string[] | undefined) ?? [];
  const isItemReport = reportId === "IR" || reportId === "IR_A1";
  const withParent = reportId === "IR_A1" || attributes.Include_Parent_Details === "True";
  const months = monthsBetween(String(filters.Begin_Date).slice(0, 7), String(filters.End_Date).slice(0, 7));

  const metricTypes =
    (filters.Metric_Type as string[] | undefined) ?? (isItemReport ? [...IR_METRICS] : [...PR_METRICS]);
  const reportFilters = Object.entries(filters)
    .filter(([name]) => !["Begin_Date", "End_Date", "Metric_Type"].includes(name))
    .map(([name, value]) => `${name}=${listed(value)}`);
  const reportAttributes = [
    ...(shown.length ? [`Attributes_To_Show=${shown.join("|")}`] : []),
    ...(attributes.Include_Parent_Details === "True" ? ["Include_Parent_Details=True"] : []),
    ...(totalsOnly ? ["Exclude_Monthly_Details=True"] : []),
  ];
  const exceptions = (header.Exceptions ?? []).map(
    (exception) => `${exception.Code}: ${exception.Message}${exception.Data ? ` (${exception.Data})` : ""}`,
  );
  const institutionIds = Object.entries(header.Institution_ID).flatMap(([namespace, values]) =>
    values.map((value) => (namespace === "Proprietary" ? value : `${namespace}:${value}`)),
  );
  const rows: string[][] = [
    ["Report_Name", cell(header.Report_Name)],
    ["Report_ID", reportId],
    ["Release", cell(header.Release)],
    ["Institution_Name", cell(header.Institution_Name)],
    ["Institution_ID", institutionIds.join("; ")],
    ["Metric_Types", metricTypes.join("; ")],
    ["Report_Filters", reportFilters.join("; ")],
    ["Report_Attributes", reportAttributes.join("; ")],
    ["Exceptions", cell(exceptions.join("; "))],
    ["Reporting_Period", `Begin_Date=${filters.Begin_Date}; End_Date=${filters.End_Date}`],
    ["Created", cell(header.Created)],
    ["Created_By", cell(header.Created_By)],
    ["Registry_Record", cell(header.Registry_Record)],
    [],
  ];

  const monthColumns = totalsOnly ? [] : months.map(monthHeading);
  const figures = (counts: Counts) => {
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    return [String(total), ...(totalsOnly ? [] : months.map((month) => String(counts[month] ?? 0)))];
  };

  if (!isItemReport) {
    const showMethod = shown.includes("Access_Method");
    rows.push([
      "Platform",
      "Data_Type",
      ...(showMethod ? ["Access_Method"] : []),
      "Metric_Type",
      "Reporting_Period_Total",
      ...monthColumns,
    ]);
    for (const item of report.Report_Items as { Platform: string; Attribute_Performance: AttributePerformance[] }[]) {
      for (const entry of item.Attribute_Performance) {
        for (const [metric, counts] of Object.entries(entry.Performance)) {
          rows.push([
            cell(item.Platform),
            cell(entry.Data_Type),
            ...(showMethod ? [cell(entry.Access_Method)] : []),
            metric,
            ...figures(counts),
          ]);
        }
      }
    }
    return rows.map((row) => row.join("\t")).join("\r\n") + "\r\n";
  }

  const isStandardView = reportId === "IR_A1";
  const itemShows = (name: string) => isStandardView || shown.includes(name);
  const parentColumns = isStandardView
    ? [
        "Parent_Title",
        "Parent_Authors",
        "Parent_Article_Version",
        "Parent_DOI",
        "Parent_Proprietary_ID",
        "Parent_Print_ISSN",
        "Parent_Online_ISSN",
        "Parent_URI",
      ]
    : withParent
      ? [
          "Parent_Title",
          "Parent_Authors",
          "Parent_Publication_Date",
          "Parent_Article_Version",
          "Parent_Data_Type",
          "Parent_DOI",
          "Parent_Proprietary_ID",
          "Parent_ISBN",
          "Parent_Print_ISSN",
          "Parent_Online_ISSN",
          "Parent_URI",
        ]
      : [];
  const attributeColumns = isStandardView
    ? ["Access_Type"]
    : ["Data_Type", ...["YOP", "Access_Type", "Access_Method"].filter((name) => shown.includes(name))];
  rows.push([
    "Item",
    "Publisher",
    "Publisher_ID",
    "Platform",
    ...["Authors", "Publication_Date", "Article_Version"].filter(itemShows),
    "DOI",
    "Proprietary_ID",
    ...(isStandardView ? [] : ["ISBN"]),
    "Print_ISSN",
    "Online_ISSN",
    "URI",
    ...parentColumns,
    ...attributeColumns,
    "Metric_Type",
    "Reporting_Period_Total",
    ...monthColumns,
  ]);
  for (const parent of report.Report_Items as ParentEntry[]) {
    const parentIds = parent.Item_ID ?? {};
    const parentCells: Record<string, string> = {
      Parent_Title: cell(parent.Title),
      Parent_Authors: "",
      Parent_Publication_Date: "",
      Parent_Article_Version: "",
      Parent_Data_Type: cell(parent.Data_Type ?? (isStandardView ? "" : "Journal")),
      Parent_DOI: cell(parentIds.DOI),
      Parent_Proprietary_ID: cell(parentIds.Proprietary),
      Parent_ISBN: cell(parentIds.ISBN),
      Parent_Print_ISSN: cell(parentIds.Print_ISSN),
      Parent_Online_ISSN: cell(parentIds.Online_ISSN),
      Parent_URI: cell(parentIds.URI),
    };
    for (const item of parent.Items) {
      const itemCells: Record<string, string> = {
        Authors: authorsCell(item.Authors),
        Publication_Date: cell(item.Publication_Date),
        Article_Version: cell(item.Article_Version),
      };
      for (const entry of item.Attribute_Performance) {
        for (const [metric, counts] of Object.entries(entry.Performance)) {
          rows.push([
            cell(item.Item),
            cell(item.Publisher),
            "",
            cell(item.Platform),
            ...["Authors", "Publication_Date", "Article_Version"].filter(itemShows).map((name) => itemCells[name]),
            cell(item.Item_ID.DOI),
            cell(item.Item_ID.Proprietary),
            ...(isStandardView ? [] : [cell(item.Item_ID.ISBN)]),
            cell(item.Item_ID.Print_ISSN),
            cell(item.Item_ID.Online_ISSN),
            cell(item.Item_ID.URI),
            ...parentColumns.map((name) => parentCells[name]),
            ...attributeColumns.map((name) => cell(entry[name])),
            metric,
            ...figures(counts),
          ]);
        }
      }
    }
  }
  return rows.map((row) => row.join("\t")).join("\r\n") + "\r\n";
}
