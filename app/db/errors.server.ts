/**
 * The PostgreSQL refusals the services turn into messages: a unique index (23505), a foreign key
 * (23503) and a check (23514). Drizzle wraps the driver's error, so the code is on its cause.
 */
export type PgRefusal = "unique" | "foreign-key" | "check";

const REFUSALS: Record<string, PgRefusal> = { "23505": "unique", "23503": "foreign-key", "23514": "check" };

/** The SQLSTATE code and the constraint it names, from the driver's error or Drizzle's wrapper. */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string; refusal?: PgRefusal } {
  type Coded = { code?: unknown; constraint?: unknown };
  const raw = error as (Coded & { cause?: Coded }) | null;
  const cause = raw?.cause && typeof raw.cause === "object" ? raw.cause : raw;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  const constraint = typeof cause?.constraint === "string" ? cause.constraint : undefined;
  return { code, constraint, refusal: code ? REFUSALS[code] : undefined };
}
