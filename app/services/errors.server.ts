import { tryAgainIn } from "~/domain/messages/forms";
import { IMAGE_NOT_STORED, PDF_NOT_STORED } from "~/domain/messages/media";

/**
 * A refusal a person can act on (an image that was not stored here, a duplicate course code,
 * the last admin...): the status to answer with, the message to show, and the field it is about.
 * Services throw only these; the HTML actions, the loaders and the JSON API each turn them into
 * their own kind of answer. The subclasses below have fixed statuses; the base class is for the
 * few refusals with their own (413, 415, 422, 429).
 */
export class ServiceError extends Error {
  /** The form's values as the refusal corrects them (the version someone else saved meanwhile). */
  corrected?: Record<string, string>;

  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
    /** Headers the answer must carry (a Retry-After, the cookies the auth library set). */
    readonly headers?: Headers,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The record asked for does not exist (any more). */
export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super(message, 404);
  }
}

/** Conflicts with what is stored: a duplicate, the last admin, records inside. */
export class ConflictError extends ServiceError {
  constructor(message: string, field?: string) {
    super(message, 409, field);
  }
}

/** A value the person can correct, in the field named. */
export class InvalidError extends ServiceError {
  constructor(message: string, field?: string) {
    super(message, 400, field);
  }
}

/** Signed in, but not allowed. */
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super(message, 403);
  }
}

/** Over a limit on attempts: says when to try again, in words and in Retry-After. */
export class TooManyAttemptsError extends ServiceError {
  constructor(readonly retryAfter: number) {
    super(tryAgainIn(retryAfter), 429, undefined, new Headers({ "Retry-After": String(retryAfter) }));
  }
}

/** The database (or the server) cannot answer now; the visitor should try again shortly. */
export class ServiceUnavailableError extends ServiceError {
  constructor(message: string) {
    super(message, 503);
  }
}

/**
 * What the content services need from the media service: is a file ours (which also claims it, so
 * the sweep of unused uploads leaves it alone while it is being attached), claim the files a text
 * names before saving it, and withdraw one.
 */
export type StoredFiles = {
  isStored(url: string, kind: "image" | "pdf"): Promise<boolean>;
  claimNamedIn(...texts: string[]): Promise<void>;
  removeByUrl(url: string): Promise<void>;
};

/** Kept here too for the modules that import them from the services. */
export { IMAGE_NOT_STORED, PDF_NOT_STORED };

/** Refuses an image address that no upload to this site produced. Empty means "no image". */
export async function requireStoredImage(files: StoredFiles, url: string, field: string) {
  if (url && !(await files.isStored(url, "image"))) throw new InvalidError(IMAGE_NOT_STORED, field);
}
