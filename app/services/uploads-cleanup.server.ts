import type { mediaService } from "./media.server";

/** How long a stored file may wait for its record before it counts as left behind. */
export const UPLOAD_GRACE_MS = 15 * 60_000;
/**
 * How long an upload no content uses is kept after it was recorded or last chosen in a form: an
 * editor may keep a form with a new image open for hours before saving it. Replaced photos and
 * images, and uploads never attached to anything, go after this.
 */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * The running server removes files no record uses (left by a process that stopped mid-upload) at
 * start and every hour. A file still waiting for its record must not go: when this process alone
 * writes the uploads (the embedded database, files on local disk: the data directory's lock proves
 * it), everything written before it started is fair game at start; otherwise another server may be
 * mid-upload, or an object store's clock may differ, so files younger than UPLOAD_GRACE_MS stay.
 * Uploads that have a record but no content using them go once UNUSED_UPLOAD_GRACE_MS has passed
 * since they were recorded or last chosen (a browser may hold one in an open form across a restart).
 */
export function scheduleUploadsCleanup(
  media: Pick<ReturnType<typeof mediaService>, "removeUnreferenced">,
  options: { soleWriter: boolean; startedAt: Date },
) {
  const check = async (cutoff: Date, always: boolean) => {
    try {
      const removed = await media.removeUnreferenced(cutoff, {
        unusedBefore: new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS),
      });
      if (always || removed > 0)
        console.log(`Uploads checked: ${removed} unreferenced file${removed === 1 ? "" : "s"} removed.`);
    } catch (error) {
      console.error(
        `Uploads check stopped (tried again in an hour): ${(error as Error).message ?? "the database is not answering"}`,
      );
    }
  };
  const graceCutoff = () => new Date(Date.now() - UPLOAD_GRACE_MS);
  void check(options.soleWriter ? options.startedAt : graceCutoff(), true);
  const timer = setInterval(() => void check(graceCutoff(), false), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
