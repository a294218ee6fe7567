/**
 * A refusal a person can act on (an image that was not stored here, a duplicate course code,
 * the last admin...): the status to answer with, the message to show, and the field it is about.
 * The HTML actions and the JSON API both turn it into their own kind of answer.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
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

export const IMAGE_NOT_STORED = "Upload the image again: that one was not stored here";
export const PDF_NOT_STORED = "Upload a and pdf";

/** Refuses an image address that no upload to this site produced. Empty means "no image". */
export async function requireStoredImage(files: StoredFiles, url: string, field: string) {
  if (url && !(await files.isStored(url, "image"))) throw new ServiceError(IMAGE_NOT_STORED, 400, field);
}
