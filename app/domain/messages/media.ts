/**
 * What a person is told about uploaded files. No `.server`: the forms in the browser show the
 * same words as the services.
 */

/** An image address that no upload to this site produced. */
export const IMAGE_NOT_STORED = "Upload the image again: that one was not stored here";
