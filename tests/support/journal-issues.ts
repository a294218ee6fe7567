import type { IssueInput } from "~/journal/forms";

/** An issue as the journal service takes it: a forthcoming 9(1) of 2026 with no title, words or cover. */
export const issueInput = (extra: Partial<IssueInput> = {}): IssueInput => ({
  volume: 9,
  number: 1,
  year: 2026,
  title: "",
  description: "",
  cover: "",
  publishedOn: null,
  status: "forthcoming",
  ...extra,
});
