import type { ReadershipMetric } from "~/domain/vocabulary";

/**
 * COUNTER Release 5.1's words as this platform uses them (issue 35, decision 043): the reports it
 * offers, the metrics it counts, and the exceptions of the COUNTER API (Code of Practice 5.1,
 * Appendix D; their codes and messages are fixed by COUNTER_API-5.1.json).
 */

export const COUNTER_RELEASE = "5.1";

/** "The World": the customer of the global reports (Code of Practice 8.2). */
export const WORLD_CUSTOMER_ID = "0000000000000000";

/** The reports this platform offers, by id: each one's name and description in COUNTER's words. */
export const REPORTS = {
  pr: { name: "Platform Report", description: "A customizable report summarizing activity across the platform." },
  pr_p1: { name: "Platform Usage", description: "Platform-level usage summarized by Metric_Type." },
  ir: { name: "Item Report", description: "A customizable report of activity at the level of the journal's articles." },
  ir_a1: { name: "Journal Article Requests", description: "Journal article requests at the article level." },
} as const;
export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS = Object.keys(REPORTS) as ReportId[];

/** The item metrics the daily figures hold for articles, by COUNTER's name. */
export const ITEM_METRICS = {
  Total_Item_Investigations: "investigations",
  Unique_Item_Investigations: "unique_investigations",
  Total_Item_Requests: "requests",
  Unique_Item_Requests: "unique_requests",
} as const satisfies Record<string, ReadershipMetric>;
export type ItemMetric = keyof typeof ITEM_METRICS;

/** The metrics each report may be filtered on (Tables 4.c and 4.q), in COUNTER's order. */
export const PR_METRICS = [
  "Searches_Platform",
  "Total_Item_Investigations",
  "Total_Item_Requests",
  "Unique_Item_Investigations",
  "Unique_Item_Requests",
  "Unique_Title_Investigations",
  "Unique_Title_Requests",
] as const;
export const IR_METRICS = [
  "Total_Item_Investigations",
  "Total_Item_Requests",
  "Unique_Item_Investigations",
  "Unique_Item_Requests",
  "Limit_Exceeded",
  "No_License",
] as const;
export const PR_P1_METRICS = [
  "Searches_Platform",
  "Total_Item_Requests",
  "Unique_Item_Requests",
  "Unique_Title_Requests",
] as const;
export const IR_A1_METRICS = ["Total_Item_Requests", "Unique_Item_Requests"] as const;

/** The Data_Types of the reports' filters (COUNTER_API-5.1.json), the platform's own first. */
export const PR_DATA_TYPES = [
  "Article",
  "Audiovisual",
  "Book",
  "Book_Segment",
  "Conference",
  "Conference_Item",
  "Database_Full_Item",
  "Dataset",
  "Image",
  "Interactive_Resource",
  "Journal",
  "Multimedia",
  "News_Item",
  "Newspaper_or_Newsletter",
  "Other",
  "Patent",
  "Platform",
  "Reference_Item",
  "Reference_Work",
  "Report",
  "Software",
  "Sound",
  "Standard",
  "Thesis_or_Dissertation",
  "Unspecified",
] as const;
/** The Item Report's: the Platform Report's but for those that are no item (a whole book, a journal...). */
const NOT_ITEMS = ["Book", "Conference", "Journal", "Newspaper_or_Newsletter", "Platform", "Reference_Work"] as const;
export const IR_DATA_TYPES = PR_DATA_TYPES.filter(
  (type): type is Exclude<(typeof PR_DATA_TYPES)[number], (typeof NOT_ITEMS)[number]> =>
    !(NOT_ITEMS as readonly string[]).includes(type),
);

export const ACCESS_METHODS = ["Regular", "TDM"] as const;
export const ACCESS_TYPES = ["Controlled", "Open", "Free_To_Read"] as const;

/**
 * What this platform's usage is: everything it publishes is open to all (Access_Type Open), read by
 * people (Access_Method Regular; no text and data mining is told apart), and its items are articles.
 */
export const PLATFORM_ACCESS_TYPE = "Open";
export const PLATFORM_ACCESS_METHOD = "Regular";
export const ARTICLE_VERSION = "VoR";

/** The attributes each report can show (the extensions' attributes are not supported). */
export const PR_ATTRIBUTES = ["Access_Method"] as const;
export const IR_ATTRIBUTES = [
  "YOP",
  "Access_Type",
  "Access_Method",
  "Authors",
  "Publication_Date",
  "Article_Version",
] as const;
/** Attributes of the COUNTER vocabulary that this platform does not offer (the common extensions'). */
export const EXTENSION_ATTRIBUTES = [
  "Institution_Name",
  "Customer_ID",
  "Country_Name",
  "Country_Code",
  "Subdivision_Name",
  "Subdivision_Code",
  "Attributed",
] as const;

/** Appendix D's exceptions that this server answers, with their fixed messages. */
export const EXCEPTION_MESSAGES = {
  0: "Info or Debug Message",
  1020: "Client has made too many requests",
  1030: "Insufficient Information to Process Request",
  2000: "Requestor Not Authorized to Access Service",
  2010: "Requestor is Not Authorized to Access Usage for Institution",
  2020: "APIKey Invalid",
  3020: "Invalid Date Arguments",
  3030: "No Usage Available for Requested Dates",
  3031: "Usage Not Ready for Requested Dates",
  3032: "Usage No Longer Available for Requested Dates",
  3050: "Parameter Not Recognized in this Context",
  3060: "Invalid ReportFilter Value",
  3062: "Invalid ReportAttribute Value",
  3063: "Components Not Supported",
} as const;
export type ExceptionCode = keyof typeof EXCEPTION_MESSAGES;

/** The HTTP status of an exception that stops a request (the COUNTER API's responses). */
export const EXCEPTION_STATUS: Partial<Record<ExceptionCode, number>> = {
  1020: 429,
  1030: 400,
  2000: 401,
  2020: 401,
  2010: 403,
  3020: 400,
};

export type CounterException = { Code: number; Message: string; Data?: string; Help_URL?: string };

export function counterException(code: ExceptionCode, data?: string): CounterException {
  return data
    ? { Code: code, Message: EXCEPTION_MESSAGES[code], Data: data }
    : { Code: code, Message: EXCEPTION_MESSAGES[code] };
}
