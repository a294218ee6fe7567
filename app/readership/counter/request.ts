import {
  ACCESS_METHODS,
  ACCESS_TYPES,
  type CounterException,
  counterException,
  EXTENSION_ATTRIBUTES,
  IR_A1_METRICS,
  IR_ATTRIBUTES,
  IR_DATA_TYPES,
  IR_METRICS,
  PR_ATTRIBUTES,
  PR_DATA_TYPES,
  PR_METRICS,
  PR_P1_METRICS,
  type ReportId,
} from "./vocabulary";

/**
 * A report request of the COUNTER API read from its address (Code of Practice 5.1, 3.3.8 and 8):
 * the reporting period, the filters and the attributes, or the exception that stops it. Values
 * this platform does not support are left out with a warning in the header (3050, 3060, 3062,
 * 3063), as Appendix D asks: the report is made without them.
 */

/** The parameters every path takes; `format` is this server's own choice of the tabular download. */
const COMMON_PARAMETERS = ["customer_id", "requestor_id", "api_key", "platform", "begin_date", "end_date", "format"];
const EXTENSION_FILTERS = ["attributed", "country_code", "subdivision_code"];

const REPORT_PARAMETERS: Record<ReportId, string[]> = {
  pr: [
    "metric_type",
    "data_type",
    "access_method",
    "attributes_to_show",
    "granularity",
    "exclude_monthly_details",
    ...EXTENSION_FILTERS,
  ],
  pr_p1: [],
  ir: [
    "metric_type",
    "data_type",
    "access_method",
    "access_type",
    "yop",
    "attributes_to_show",
    "granularity",
    "exclude_monthly_details",
    "include_parent_details",
    "include_component_details",
    "item_id",
    "author",
    ...EXTENSION_FILTERS,
  ],
  ir_a1: [],
};

export type Granularity = "Month" | "Totals";

export type ReportRequest = {
  reportId: ReportId;
  customerId: string;
  /** The reporting period as whole months, "yyyy-mm". */
  beginMonth: string;
  endMonth: string;
  /** Null when the filter was not given (or not valid): all values. */
  metricTypes: string[] | null;
  dataTypes: string[] | null;
  accessMethods: string[] | null;
  accessTypes: string[] | null;
  /** The YOP filter as given ("2020", "2019-2021"), and as ranges of years. */
  yop: { text: string[]; ranges: [number, number][] } | null;
  itemId: string | null;
  author: string | null;
  platform: string | null;
  attributesToShow: string[];
  includeParentDetails: boolean;
  granularity: Granularity;
  /** How Granularity was asked for, for the header ("Totals" or the specification file's "Total"). */
  granularitySpelling: string | null;
  excludeMonthlyDetails: boolean;
  format: "json" | "tsv";
  /** Warnings for the report's header. */
  exceptions: CounterException[];
};

export type Refusal = { refusal: CounterException };

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "yyyy-mm" of a begin_date or end_date (yyyy-mm or yyyy-mm-dd), or null when it is no date. */
export function monthOf(value: string): string | null {
  const month = MONTH.exec(value);
  if (month) return Number(month[2]) >= 1 && Number(month[2]) <= 12 ? value : null;
  const day = DAY.exec(value);
  if (!day) return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return value.slice(0, 7);
}

export function addMonths(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function monthsBetween(begin: string, end: string): string[] {
  const months: string[] = [];
  for (let month = begin; month <= end; month = addMonths(month, 1)) months.push(month);
  return months;
}

export function lastDayOf(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, "0")}`;
}

function listOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split("|")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** The known values of a pipe-separated list, in the vocabulary's order; the others in a 3060. */
function chosen(
  name: string,
  value: string | null,
  allowed: readonly string[],
  exceptions: CounterException[],
): string[] | null {
  if (value === null) return null;
  const given = listOf(value);
  const unknown = given.filter((item) => !allowed.includes(item));
  if (unknown.length) exceptions.push(counterException(3060, `${name}: ${unknown.join("|")}`));
  const known = allowed.filter((item) => given.includes(item));
  return known.length ? known : null;
}

function yopRanges(value: string, exceptions: CounterException[]): ReportRequest["yop"] {
  const text: string[] = [];
  const ranges: [number, number][] = [];
  const invalid: string[] = [];
  for (const part of listOf(value)) {
    const match = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    const from = match ? Number(match[1]) : NaN;
    const to = match ? Number(match[2] ?? match[1]) : NaN;
    if (!match || from > to) invalid.push(part);
    else {
      text.push(part);
      ranges.push([from, to]);
    }
  }
  if (invalid.length) exceptions.push(counterException(3060, `yop: ${invalid.join("|")}`));
  return ranges.length ? { text, ranges } : null;
}

function trueOrFalse(name: string, value: string | null, exceptions: CounterException[]): boolean {
  if (value === null) return false;
  if (value === "True" || value === "False") return value === "True";
  exceptions.push(counterException(3062, `${name}: ${value}`));
  return false;
}

/**
 * Reads a report request. `currentMonth` ("yyyy-mm", UTC) is the month being counted: its usage is
 * not ready, so a period ending in it or later is cut to the month before, with Exception 3031.
 */
export function readReportRequest(
  reportId: ReportId,
  query: URLSearchParams,
  currentMonth: string,
): ReportRequest | Refusal {
  const exceptions: CounterException[] = [];
  const one = (name: string) => {
    const value = query.get(name);
    return value === null || value.trim() === "" ? null : value.trim();
  };

  const customerId = one("customer_id");
  if (!customerId) return { refusal: counterException(1030, "customer_id is required.") };
  const begin = one("begin_date");
  const end = one("end_date");
  const missing = [!begin && "begin_date", !end && "end_date"].filter(Boolean);
  if (missing.length) return { refusal: counterException(1030, `${missing.join(" and ")} required.`) };
  const beginMonth = monthOf(begin!);
  const requestedEnd = monthOf(end!);
  if (!beginMonth || !requestedEnd) {
    return { refusal: counterException(3020, "begin_date and end_date are yyyy-mm-dd or yyyy-mm dates.") };
  }
  if (requestedEnd < beginMonth) return { refusal: counterException(3020, "end_date is before begin_date.") };
  if (beginMonth >= currentMonth) {
    return {
      refusal: counterException(
        3020,
        `Usage is processed by month; the last processed month is ${addMonths(currentMonth, -1)}.`,
      ),
    };
  }
  let endMonth = requestedEnd;
  if (requestedEnd >= currentMonth) {
    endMonth = addMonths(currentMonth, -1);
    const notReady = currentMonth === requestedEnd ? currentMonth : `${currentMonth} to ${requestedEnd}`;
    exceptions.push(counterException(3031, notReady));
  }

  const known = new Set([...COMMON_PARAMETERS, ...REPORT_PARAMETERS[reportId]]);
  const unknown = [...new Set(query.keys())].filter((name) => !known.has(name));
  if (unknown.length) exceptions.push(counterException(3050, unknown.join(", ")));

  const format = one("format") === "tsv" ? "tsv" : "json";
  if (one("format") !== null && one("format") !== "tsv" && one("format") !== "json") {
    exceptions.push(counterException(3062, `format: ${one("format")}`));
  }

  const isItemReport = reportId === "ir";
  const isMaster = reportId === "pr" || reportId === "ir";
  const get = (name: string) => (isMaster ? one(name) : null);

  const metricTypes = chosen("metric_type", get("metric_type"), isItemReport ? IR_METRICS : PR_METRICS, exceptions);
  const dataTypes = chosen("data_type", get("data_type"), isItemReport ? IR_DATA_TYPES : PR_DATA_TYPES, exceptions);
  const accessMethods = chosen("access_method", get("access_method"), ACCESS_METHODS, exceptions);
  const accessTypes = isItemReport ? chosen("access_type", get("access_type"), ACCESS_TYPES, exceptions) : null;
  const yopValue = isItemReport ? one("yop") : null;
  const yop = yopValue === null ? null : yopRanges(yopValue, exceptions);
  for (const name of EXTENSION_FILTERS) {
    const value = get(name);
    if (value !== null) exceptions.push(counterException(3060, `${name}: ${value} (the extension is not supported)`));
  }

  const attributesToShow: string[] = [];
  const attributesValue = get("attributes_to_show");
  if (attributesValue !== null) {
    const allowed: readonly string[] = isItemReport ? IR_ATTRIBUTES : PR_ATTRIBUTES;
    const given = listOf(attributesValue);
    const invalid = given.filter((name) => !allowed.includes(name));
    if (invalid.length) {
      const extension = invalid.filter((name) => (EXTENSION_ATTRIBUTES as readonly string[]).includes(name));
      exceptions.push(
        counterException(3062, `attributes_to_show: ${invalid.join("|")}${extension.length ? " (not supported)" : ""}`),
      );
    }
    attributesToShow.push(...allowed.filter((name) => given.includes(name)));
  }

  const includeParentDetails = isItemReport
    ? trueOrFalse("include_parent_details", one("include_parent_details"), exceptions)
    : reportId === "ir_a1";
  if (isItemReport && one("include_component_details") === "True") exceptions.push(counterException(3063));
  else if (isItemReport) trueOrFalse("include_component_details", one("include_component_details"), exceptions);

  let granularity: Granularity = "Month";
  let granularitySpelling: string | null = null;
  const granularityValue = get("granularity");
  if (granularityValue === "Totals" || granularityValue === "Total") {
    granularity = "Totals";
    granularitySpelling = granularityValue;
  } else if (granularityValue !== null && granularityValue !== "Month") {
    exceptions.push(counterException(3062, `granularity: ${granularityValue}`));
  }
  const excludeMonthlyDetails = trueOrFalse("exclude_monthly_details", get("exclude_monthly_details"), exceptions);
  if (excludeMonthlyDetails && granularity === "Month") granularity = "Totals";

  const itemId = isItemReport ? one("item_id") : null;
  const author = isItemReport ? one("author") : null;

  return {
    reportId,
    customerId,
    beginMonth,
    endMonth,
    metricTypes: reportId === "pr_p1" ? [...PR_P1_METRICS] : reportId === "ir_a1" ? [...IR_A1_METRICS] : metricTypes,
    dataTypes: reportId === "ir_a1" ? ["Article"] : dataTypes,
    accessMethods: isMaster ? accessMethods : ["Regular"],
    accessTypes,
    yop,
    itemId: itemId && itemId.length >= 2 ? itemId : null,
    author: author && author.length >= 2 ? author : null,
    platform: one("platform"),
    attributesToShow,
    includeParentDetails,
    granularity,
    granularitySpelling,
    excludeMonthlyDetails,
    format,
    exceptions,
  };
}

export function isRefusal(value: ReportRequest | Refusal): value is Refusal {
  return "refusal" in value;
}
