/**
 * Downloads the earlier system's images and PDFs from their external host (decision 028): one
 * file at a time per worker, four workers, each file within a time and size limit, of the type
 * its address was used for (the content type and the file's first bytes must agree).
 */
export type MediaPurpose = "image" | "pdf";

export type FetchLimits = {
  timeoutMs: number;
  maxImageBytes: number;
  maxPdfBytes: number;
  concurrency: number;
};

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 30_000,
  maxImageBytes: 10 * 1024 * 1024,
  maxPdfBytes: 50 * 1024 * 1024,
  concurrency: 4,
};

export class MediaFetchError extends Error {}

function looksLike(bytes: Buffer, purpose: MediaPurpose): boolean {
  if (purpose === "pdf") return bytes.subarray(0, 5).toString("latin1") === "%PDF-";
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const gif = bytes.subarray(0, 4).toString("latin1") === "GIF8";
  const webp =
    bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";
  const avif = bytes.subarray(4, 12).toString("latin1").startsWith("ftypavi");
  return png || jpeg || gif || webp || avif;
}

function typeFits(contentType: string, purpose: MediaPurpose) {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "" || type === "application/octet-stream" || type === "binary/octet-stream") return true;
  return purpose === "pdf" ? type === "application/pdf" || type === "application/x-pdf" : type.startsWith("image/");
}

/** The file's bytes, or a MediaFetchError that says why not, in words for the report. */
export async function fetchMedia(url: string, purpose: MediaPurpose, limits: FetchLimits): Promise<Buffer> {
  const max = purpose === "pdf" ? limits.maxPdfBytes : limits.maxImageBytes;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: "follow" });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    throw new MediaFetchError(
      timedOut
        ? `no answer within ${Math.round(limits.timeoutMs / 1000)} s`
        : `could not be reached (${(error as Error).message})`,
    );
  }
  const body = response.body;
  try {
    if (!response.ok) throw new MediaFetchError(`the host answered ${response.status}`);
    const contentType = response.headers.get("content-type") ?? "";
    if (!typeFits(contentType, purpose))
      throw new MediaFetchError(`it is ${contentType}, not ${purpose === "pdf" ? "a PDF" : "an image"}`);
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > max) throw new MediaFetchError(`it is larger than ${Math.round(max / 1024 / 1024)} MB`);
    const chunks: Buffer[] = [];
    let size = 0;
    if (body) {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > max) throw new MediaFetchError(`it is larger than ${Math.round(max / 1024 / 1024)} MB`);
        chunks.push(Buffer.from(chunk));
      }
    }
    const bytes = Buffer.concat(chunks);
    if (!looksLike(bytes, purpose))
      throw new MediaFetchError(`its content is not ${purpose === "pdf" ? "a PDF" : "an image"}`);
    return bytes;
  } catch (error) {
    await body?.cancel().catch(() => {});
    if (error instanceof MediaFetchError) throw error;
    const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    throw new MediaFetchError(
      timedOut ? `no answer within ${Math.round(limits.timeoutMs / 1000)} s` : (error as Error).message,
    );
  }
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}
