import net from "node:net";

/**
 * An HTTP/1.1 client on a bare socket, for requests no browser or fetch() would send: any Host,
 * hand-written headers, a body in chunks of any size (chunked framing unless a Content-Length is
 * given), cut off part-way. Like curl, it stops sending once the server has answered and still
 * reads that answer when its own writes fail (Node's client drops it then).
 */

export type RawReply = {
  /** 0 when the connection ended without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written before the answer came or the connection ended. */
  sent: number;
};

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string | number>;
  /** Body bytes to send (of `byte`), unless `body` gives them. */
  size?: number;
  /** The body itself (its length is the size). */
  body?: Uint8Array;
  /** Bytes per write (and per chunk). */
  chunk?: number;
  /** Close the connection after this many body bytes, without finishing the request. */
  abortAfter?: number;
  /** Send `size` bytes, then neither finish the body nor close: only an answer ends the request. */
  holdOpen?: boolean;
  /** The byte the body is made of. */
  byte?: number;
  timeoutMs?: number;
};

/** Parses one complete answer (after any 100 Continue) from what was read; undefined until complete. */
function parseReply(data: Buffer, closed: boolean): Omit<RawReply, "sent"> | undefined {
  let start = 0;
  for (;;) {
    const end = data.indexOf("\r\n\r\n", start);
    if (end === -1) return undefined;
    const [statusLine, ...lines] = data.subarray(start, end).toString("latin1").split("\r\n");
    const status = Number(statusLine.split(" ")[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const at = line.indexOf(":");
      const name = line.slice(0, at).trim().toLowerCase();
      const value = line.slice(at + 1).trim();
      headers[name] = headers[name] !== undefined ? `${headers[name]}, ${value}` : value;
    }
    const bodyStart = end + 4;
    if (status >= 100 && status < 200) {
      start = bodyStart;
      continue;
    }
    const rest = data.subarray(bodyStart);
    if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (rest.length < length) return closed ? { status, headers, body: rest.toString("utf8") } : undefined;
      return { status, headers, body: rest.subarray(0, length).toString("utf8") };
    }
    if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const parts: Buffer[] = [];
      let at = 0;
      for (;;) {
        const lineEnd = rest.indexOf("\r\n", at);
        if (lineEnd === -1)
          return closed ? { status, headers, body: Buffer.concat(parts).toString("utf8") } : undefined;
        const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
        if (size === 0) return { status, headers, body: Buffer.concat(parts).toString("utf8") };
        if (rest.length < lineEnd + 2 + size + 2)
          return closed ? { status, headers, body: Buffer.concat(parts).toString("utf8") } : undefined;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    // No length: the body runs to the end of the connection (or there is none: 204, 304).
    if (status === 204 || status === 304) return { status, headers, body: "" };
    return closed ? { status, headers, body: rest.toString("utf8") } : undefined;
  }
}

export function rawRequest(origin: string, request: RawRequest): Promise<RawReply> {
  const url = new URL(origin);
  const size = request.body?.length ?? request.size ?? 0;
  const chunk = Math.max(1, request.chunk ?? 64 * 1024);
  const piece = Buffer.alloc(chunk, request.byte ?? 0x61);
  const headers: Record<string, string | number> = { host: url.host, ...request.headers };
  const declared = Object.keys(headers).some((name) => name.toLowerCase() === "content-length");
  const chunked = !declared && request.method !== "GET" && request.method !== "HEAD";
  if (chunked) headers["transfer-encoding"] = "chunked";
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;

  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let sent = 0;
    let done = false;
    const finish = (reply: Omit<RawReply, "sent">) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...reply, sent });
    };
    const timer = setTimeout(
      () => finish({ status: -1, headers: {}, body: "no answer in time" }),
      request.timeoutMs ?? 30_000,
    );
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      const reply = parseReply(received, false);
      if (reply) finish(reply);
    });
    const onEnd = () =>
      finish(parseReply(received, true) ?? { status: 0, headers: {}, body: received.toString("utf8") });
    socket.on("end", onEnd);
    socket.on("close", onEnd);
    // A failed write (the server closed its side) ends sending, not reading.
    socket.on("error", () => {});

    // Once a final status line (not 100 Continue) has arrived, nothing more is sent.
    const answered = () => done || /^HTTP\/1\.[01] [2-9]\d\d/m.test(received.toString("latin1"));
    const write = (data: Uint8Array | string) =>
      new Promise<void>((next) => (socket.write(data) ? next() : socket.once("drain", next).once("close", next)));
    void (async () => {
      await write(head);
      while (sent < size && !answered() && !socket.destroyed) {
        if (request.abortAfter !== undefined && sent >= request.abortAfter) break;
        const part = request.body
          ? request.body.subarray(sent, sent + Math.min(chunk, size - sent))
          : piece.subarray(0, Math.min(chunk, size - sent));
        sent += part.length;
        await write(
          chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part,
        );
      }
      if (request.abortAfter !== undefined && !answered()) {
        // Cut off part-way: the connection goes, with no answer expected.
        socket.destroy();
        finish({ status: 0, headers: {}, body: "" });
        return;
      }
      if (request.holdOpen) return;
      if (chunked && !answered() && !socket.destroyed) await write("0\r\n\r\n");
    })();
  });
}
