import http from "node:http";
import https from "node:https";

/**
 * A small HTTP(S) client on Node's own modules rather than fetch: the cluster test must trust its
 * own certificate authority and choose the address it connects from (127.0.0.N, so that nginx and
 * the site see different clients), which fetch offers only through an extra package.
 */

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text(): string };

export type RequestOptions = {
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
};

export type HttpClient = {
  request(method: string, url: string, options?: RequestOptions): Promise<Answer>;
  get(url: string, options?: RequestOptions): Promise<Answer>;
  close(): void;
};

export function httpClient(options: { ca?: Buffer; localAddress?: string; keepAlive?: boolean } = {}): HttpClient {
  const keepAlive = options.keepAlive ?? true;
  const agents = {
    "http:": new http.Agent({ keepAlive, localAddress: options.localAddress }),
    "https:": new https.Agent({ keepAlive, localAddress: options.localAddress, ca: options.ca }),
  };

  function request(
    method: string,
    url: string,
    { headers = {}, body, timeoutMs = 30_000 }: RequestOptions = {},
  ): Promise<Answer> {
    const target = new URL(url);
    const transport = target.protocol === "https:" ? https : http;
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = transport.request(
        target,
        {
          method,
          agent: agents[target.protocol as "http:" | "https:"],
          headers: bytes ? { ...headers, "content-length": String(bytes.length) } : headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("close", () => {
            // A connection that closed before the whole answer came is a failed request.
            if (!incoming.complete) return reject(new Error("the answer was cut off"));
            const all = Buffer.concat(chunks);
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: all,
              text: () => all.toString("utf8"),
            });
          });
        },
      );
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on("error", (error) => reject(new Error(`${method} ${url}: ${error.message}`, { cause: error })));
      outgoing.end(bytes);
    });
  }

  return {
    request,
    get: (url, requestOptions) => request("GET", url, requestOptions),
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}

/** The cookie header a sign-in's Set-Cookie answer gives. */
export function cookieOf(answer: Answer): string {
  return (answer.headers["set-cookie"] ?? [])
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie.endsWith("="))
    .join("; ");
}
