/**
 * Downloads the earlier system's images and PDFs from their external host (decision 028): one
 * file at a time per worker, four workers, each file within a time and size limit, of the type
 * its address was used for (the content type and the file's first bytes must agree).
 *
 * Only from the public internet: the host's name is resolved here, every address it has must be a
 * public one (public-address.server.ts), and the connection goes to the address that was checked
 * (never resolved a second time, so a name cannot point elsewhere in between). Redirects are
 * followed here, a few at most, each one checked the same way. A refused address is never
 * contacted, so the report cannot say whether anything answers there.
 */
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import net from "node:net";

import { type AddressKind, addressKind, mayFetchFrom, type PrivateHostsAllowed } from "./public-address.server";

export type MediaPurpose = "image" | "pdf";

/** Resolves a host name to its addresses (the system's resolver; tests give their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type FetchLimits = {
  timeoutMs: number;
  maxImageBytes: number;
  maxPdfBytes: number;
  concurrency: number;
  /** --allow-private-hosts: loopback and private addresses (true), or the listed ones. */
  allowPrivateHosts?: PrivateHostsAllowed;
  resolve?: Resolve;
};

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 30_000,
  maxImageBytes: 10 * 1024 * 1024,
  maxPdfBytes: 50 * 1024 * 1024,
  concurrency: 4,
};

/** Redirects followed for one file, at most. */
export const MAX_REDIRECTS = 5;

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

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** "a loopback address", "an unspecified address". */
function described(kind: AddressKind) {
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
}

/**
 * The address to connect to for `url`, checked; a MediaFetchError says why not. The reason names
 * the kind of address only, which the address itself tells: a refused host is never contacted, so
 * whether anything listens there cannot change a word of it.
 */
async function checkedAddress(
  url: URL,
  limits: FetchLimits,
  redirected: boolean,
): Promise<{ address: string; family: number }> {
  const it = redirected ? "it redirects to an address that" : "its address";
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new MediaFetchError(`${it} is not an http(s) one`);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (net.isIP(hostname)) addresses = [{ address: hostname, family: net.isIP(hostname) }];
  else {
    try {
      addresses = await (limits.resolve ?? systemResolve)(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new MediaFetchError(`the host ${hostname} could not be found`);
  }
  // Every address must be allowed: a name that also points inside the network is not used at all.
  const refused = addresses.find((a) => !mayFetchFrom(a.address, limits.allowPrivateHosts));
  if (refused) {
    const kind = addressKind(refused.address) ?? "reserved";
    const allowable = kind === "loopback" || kind === "private";
    throw new MediaFetchError(
      `${it} is not on the public internet (${described(kind)}), so it was not contacted` +
        (allowable ? " (--allow-private-hosts allows such hosts)" : ""),
    );
  }
  return addresses[0];
}

/** One request to the checked address (and no other), answered or failed. */
function requestOnce(url: URL, to: { address: string; family: number }, signal: AbortSignal) {
  // Node's connection asks this instead of the resolver: the address already checked.
  const pinned = ((_hostname, options, callback) => {
    if (options && typeof options === "object" && options.all) callback(null, [to]);
    else callback(null, to.address, to.family);
  }) as LookupFunction;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).get(url, {
      lookup: pinned,
      // A fresh connection each time, through no proxy and no connection pool.
      agent: false,
      signal,
      headers: { accept: "*/*", "user-agent": "cpscr-import" },
    });
    request.once("response", resolve);
    request.once("error", reject);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function failureMessage(error: unknown, limits: FetchLimits) {
  const name = (error as Error).name;
  return name === "TimeoutError" || name === "AbortError"
    ? `no answer within ${Math.round(limits.timeoutMs / 1000)} s`
    : `could not be reached (${(error as Error).message})`;
}

/** The file's bytes, or a MediaFetchError that says why not, in words for the report. */
export async function fetchMedia(url: string, purpose: MediaPurpose, limits: FetchLimits): Promise<Buffer> {
  const max = purpose === "pdf" ? limits.maxPdfBytes : limits.maxImageBytes;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let at: URL;
  try {
    at = new URL(url);
  } catch {
    throw new MediaFetchError("its address is not a valid one");
  }
  let response: http.IncomingMessage | undefined;
  for (let hop = 0; ; hop++) {
    const to = await checkedAddress(at, limits, hop > 0);
    try {
      response = await requestOnce(at, to, signal);
    } catch (error) {
      throw new MediaFetchError(failureMessage(error, limits));
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) break;
    response.destroy();
    if (hop >= MAX_REDIRECTS) throw new MediaFetchError(`it redirects more than ${MAX_REDIRECTS} times`);
    try {
      at = new URL(location, at);
    } catch {
      throw new MediaFetchError("it redirects to an address that is not a valid one");
    }
  }
  try {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) throw new MediaFetchError(`the host answered ${status}`);
    const contentType = String(response.headers["content-type"] ?? "");
    if (!typeFits(contentType, purpose))
      throw new MediaFetchError(`it is ${contentType}, not ${purpose === "pdf" ? "a PDF" : "an image"}`);
    const declared = Number(response.headers["content-length"] ?? "0");
    if (declared > max) throw new MediaFetchError(`it is larger than ${Math.round(max / 1024 / 1024)} MB`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw new MediaFetchError(`it is larger than ${Math.round(max / 1024 / 1024)} MB`);
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    if (!looksLike(bytes, purpose))
      throw new MediaFetchError(`its content is not ${purpose === "pdf" ? "a PDF" : "an image"}`);
    return bytes;
  } catch (error) {
    response.destroy();
    if (error instanceof MediaFetchError) throw error;
    const name = (error as Error).name;
    throw new MediaFetchError(
      name === "TimeoutError" || name === "AbortError"
        ? `no answer within ${Math.round(limits.timeoutMs / 1000)} s`
        : (error as Error).message,
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
