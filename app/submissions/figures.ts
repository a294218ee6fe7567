/** A period's figures of the journal's workflow (figures.server.ts works them out; screens show them). */
export type Figures = {
  received: number;
  /** Median days from submission to the first desk decision (sent to review, or declined at the desk). */
  daysToDeskDecision: number | null;
  /** Median days from submission to the first decision after review (or a desk decline). */
  daysToFirstDecision: number | null;
  /** Accepted of those accepted or declined in the period; null when none was. */
  acceptanceRate: number | null;
  decided: number;
  /** Median days from a reviewer's invitation to their review. */
  reviewDays: number | null;
  reviews: number;
};
