/**
 * The shape of a request body, checked byte by byte before anything parses it (decision 032). The
 * byte cap (2 MB) bounds a body's size but not what parsing it costs: a million empty form fields
 * kept the event loop busy for 15 s in Node's own form parser, and 700,000 empty JSON objects
 * took 44 MB of heap for one request. Counting is cheap and needs no parse, so a body over these
 * limits is refused before a parser sees it, as it arrives (server/request-body.server.ts) and
 * again by the readers themselves (read-form.server.ts, read-json.server.ts).
 */

/** Fields of a form (urlencoded or multipart): the largest form of the site has about 500. */
export const MAX_FORM_FIELDS = 2000;
/** Header lines of one multipart part: browsers write one or two. */
export const MAX_PART_HEADER_LINES = 16;
/** Objects, arrays and their members in a JSON body: the API's bodies have tens. */
export const MAX_JSON_ITEMS = 10_000;
/** Nesting of a JSON body: the API's bodies have two or three levels. */
export const MAX_JSON_DEPTH = 32;

/** Why a body is refused: the status and the words a person reads. */
export type ShapeRefusal = { status: 400 | 413; message: string };

const thousands = (n: number) => n.toLocaleString("en");

export const TOO_MANY_FIELDS: ShapeRefusal = {
  status: 413,
  message: `This form has too many fields: it can have at most ${thousands(MAX_FORM_FIELDS)}.`,
};
export const TOO_MANY_PART_HEADERS: ShapeRefusal = {
  status: 400,
  message: `A part of this form has too many header lines: it can have at most ${MAX_PART_HEADER_LINES}.`,
};
export const TOO_MANY_JSON_ITEMS: ShapeRefusal = {
  status: 413,
  message: `This request has too many values: it can have at most ${thousands(MAX_JSON_ITEMS)}.`,
};
export const TOO_DEEP_JSON: ShapeRefusal = {
  status: 400,
  message: `This request is nested too deeply: it can have at most ${MAX_JSON_DEPTH} levels.`,
};

/** A scanner is fed the body's bytes in order and says, at the first chunk over a limit, why. */
export type ShapeScanner = { write(chunk: Uint8Array): ShapeRefusal | undefined };

/** The media type without its parameters, as the body parsers read it. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";", 1)[0].trim().toLowerCase();
}

/** The boundary parameter of a multipart type, unquoted; undefined when there is none. */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 200 ? boundary : undefined;
}

const AMPERSAND = 0x26;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const view = (chunk: Uint8Array) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** A urlencoded form: its fields are what `&` separates (empty ones counted too, to stay a byte scan). */
function formFields(): ShapeScanner {
  let fields = 1;
  return {
    write(chunk) {
      const bytes = view(chunk);
      for (let at = bytes.indexOf(AMPERSAND); at !== -1; at = bytes.indexOf(AMPERSAND, at + 1)) {
        if (++fields > MAX_FORM_FIELDS) return TOO_MANY_FIELDS;
      }
      return undefined;
    },
  };
}

/**
 * A multipart form, line by line: each line that starts with the boundary opens a part, whose
 * header lines run to the first empty line; the closing boundary ends the count. Only the start
 * of a line is kept between chunks.
 */
function multipartParts(boundary: string): ShapeScanner {
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const lineThenDelimiter = Buffer.from(`\n--${boundary}`, "latin1");
  /** The first bytes of the line being read: enough to tell a delimiter and a closing one. */
  const head = Buffer.alloc(delimiter.length + 2);
  let headLength = 0;
  let lineLength = 0;
  let parts = 0;
  let state: "body" | "headers" | "done" = "body";
  let headerLines = 0;

  const endOfLine = (): ShapeRefusal | undefined => {
    const empty = lineLength === 0 || (lineLength === 1 && head[0] === CARRIAGE_RETURN);
    const opensPart = headLength >= delimiter.length && head.subarray(0, delimiter.length).equals(delimiter);
    const closes =
      opensPart && headLength === head.length && head[delimiter.length] === 0x2d && head[delimiter.length + 1] === 0x2d;
    headLength = 0;
    lineLength = 0;
    if (state === "headers") {
      if (empty) state = "body";
      else if (++headerLines > MAX_PART_HEADER_LINES) return TOO_MANY_PART_HEADERS;
    } else if (closes) state = "done";
    else if (opensPart) {
      if (++parts > MAX_FORM_FIELDS) return TOO_MANY_FIELDS;
      state = "headers";
      headerLines = 0;
    }
    return undefined;
  };

  /** Whether the bytes from `at` are the delimiter, or as much of it as the chunk holds. */
  const mayOpenPart = (bytes: Buffer, at: number) => {
    const length = Math.min(delimiter.length, bytes.length - at);
    return bytes.compare(delimiter, 0, length, at, at + length) === 0;
  };

  return {
    write(chunk) {
      const bytes = view(chunk);
      let from = 0;
      while (from < bytes.length && state !== "done") {
        // In a part's value only a line that starts with the delimiter matters: the search jumps
        // to the next one (or to the chunk's last line), so a value of many lines costs nothing.
        if (state === "body" && lineLength === 0 && !mayOpenPart(bytes, from)) {
          const next = bytes.indexOf(lineThenDelimiter, from);
          from = next !== -1 ? next + 1 : Math.max(from, bytes.lastIndexOf(LINE_FEED) + 1);
          if (from >= bytes.length) break;
        }
        const end = bytes.indexOf(LINE_FEED, from);
        const stop = end === -1 ? bytes.length : end;
        if (headLength < head.length) {
          headLength += bytes.copy(head, headLength, from, Math.min(stop, from + head.length - headLength));
        }
        lineLength += stop - from;
        if (end === -1) break;
        const refusal = endOfLine();
        if (refusal) return refusal;
        from = end + 1;
      }
      return undefined;
    },
  };
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LEADING = new Set([0x20, 0x09, LINE_FEED, CARRIAGE_RETURN, 0xef, 0xbb, 0xbf]);

/**
 * JSON structure outside strings: every `{`, `[` and `,` is one more object, array or member, and
 * the open brackets are the depth. Counted only when the body starts (after a byte-order mark and
 * white space) with `{` or `[`: any other body makes at most one string or number of a parser.
 */
function jsonStructure(): ShapeScanner {
  let state: "start" | "json" | "other" = "start";
  let inString = false;
  let escaped = false;
  let items = 0;
  let depth = 0;
  return {
    write(chunk) {
      let at = 0;
      while (state === "start" && at < chunk.length) {
        const byte = chunk[at];
        // White space, and the bytes of a byte-order mark (which a parser may drop), come first.
        if (!LEADING.has(byte)) {
          state = byte === OPEN_OBJECT || byte === OPEN_ARRAY ? "json" : "other";
          break;
        }
        at++;
      }
      if (state !== "json") return undefined;
      for (; at < chunk.length; at++) {
        const byte = chunk[at];
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
          if (++items > MAX_JSON_ITEMS) return TOO_MANY_JSON_ITEMS;
          if (++depth > MAX_JSON_DEPTH) return TOO_DEEP_JSON;
        } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
        else if (byte === COMMA && ++items > MAX_JSON_ITEMS) return TOO_MANY_JSON_ITEMS;
      }
      return undefined;
    },
  };
}

/**
 * The scanner for a body of this content type: a urlencoded form's fields, a multipart form's
 * parts, and, whatever the type says (the JSON API parses any body as JSON), JSON's structure.
 */
export function shapeScanner(contentType: string | null | undefined): ShapeScanner {
  const type = mediaTypeOf(contentType);
  const boundary = type === "multipart/form-data" ? boundaryOf(contentType) : undefined;
  const scanners = [
    jsonStructure(),
    ...(type === "application/x-www-form-urlencoded" ? [formFields()] : []),
    ...(boundary ? [multipartParts(boundary)] : []),
  ];
  return {
    write(chunk) {
      for (const scanner of scanners) {
        const refusal = scanner.write(chunk);
        if (refusal) return refusal;
      }
      return undefined;
    },
  };
}

/** The whole body's refusal, if its shape is over a limit (for a reader that holds all of it). */
export function shapeRefusal(body: Uint8Array, contentType: string | null | undefined): ShapeRefusal | undefined {
  return shapeScanner(contentType).write(body);
}
