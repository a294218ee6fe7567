import fs from "node:fs";
import type { Readable } from "node:stream";

import type { S3Client } from "@aws-sdk/client-s3";

import type { FileStore } from "./file-store.server";

export type S3Options = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** How long to wait for the store to accept a connection, and then to answer (ms). */
  timeouts?: { connect: number; response: number };
  /**
   * Every key of this store is under this prefix of the bucket ("private/": files nothing serves,
   * decision 042); the store's own keys leave it out, and it lists only what is under it.
   */
  keyPrefix?: string;
  /** Keys under these prefixes belong to another store sharing the bucket: this one does not list them. */
  skipPrefixes?: string[];
};

const DEFAULT_TIMEOUTS = { connect: 5_000, response: 30_000 };

const PUT_FILE_ATTEMPTS = 3;
const DROPPED_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * True when the connection was cut while the request was sent: sending it again on a new one is safe (a PUT is
 * idempotent).
 */
function isDroppedConnection(error: unknown) {
  for (
    let current = error, depth = 0;
    current && depth < 6;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && DROPPED_CONNECTION_CODES.has(code)) return true;
    if (typeof message === "string" && /socket hang up|ECONNRESET|EPIPE/.test(message)) return true;
  }
  return false;
}

function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/** Files in a bucket of any S3-compatible store, so that several app servers share them. */
export function s3Store(options: S3Options): FileStore {
  // The SDK is loaded on the first file operation, not at start: a server without S3 never loads it,
  // and one with S3 does not hold its modules until they are needed.
  let connecting: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: makeClient(sdk, options) })));
  const Bucket = options.bucket;
  const prefix = options.keyPrefix ?? "";
  const skipped = options.skipPrefixes ?? [];
  const Key = (key: string) => prefix + key;

  return {
    kind: "s3",
    localPath: () => null,
    async putFile(key, sourcePath, contentType) {
      const { client, sdk } = await connect();
      const { size } = await fs.promises.stat(sourcePath);
      // The SDK does not send a streamed body twice, so a connection the store drops (say, a
      // keep-alive one it closed as it was reused) is retried here, with the file read afresh.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new sdk.PutObjectCommand({
              Bucket,
              Key: Key(key),
              Body: fs.createReadStream(sourcePath),
              ContentLength: size,
              ContentType: contentType,
            }),
          );
          return;
        } catch (error) {
          if (attempt >= PUT_FILE_ATTEMPTS || !isDroppedConnection(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    async putBuffer(key, bytes, contentType) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
        }),
      );
    },
    async head(key) {
      const { client, sdk } = await connect();
      try {
        const info = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: info.ContentLength ?? 0, contentType: info.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(key, range) {
      const { client, sdk } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: Key(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const total = object.ContentRange ? Number(object.ContentRange.split("/")[1]) : (object.ContentLength ?? 0);
        return {
          body: object.Body as Readable,
          size: total,
          contentType: object.ContentType ?? "application/octet-stream",
          range,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async *list() {
      const { client, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, Prefix: prefix || undefined }),
        );
        for (const object of page.Contents ?? []) {
          // No date: treated as just written, so it is never taken for an old leftover.
          if (!object.Key || skipped.some((other) => object.Key!.startsWith(other))) continue;
          yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function makeClient(sdk: typeof import("@aws-sdk/client-s3"), options: S3Options) {
  return new sdk.S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: not every S3-compatible store supports the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that stops answering must fail the request, not hold it (and a page's turn) forever;
    // the SDK's default is to wait without limit.
    requestHandler: {
      connectionTimeout: (options.timeouts ?? DEFAULT_TIMEOUTS).connect,
      requestTimeout: (options.timeouts ?? DEFAULT_TIMEOUTS).response,
      throwOnRequestTimeout: true,
    },
  });
}
