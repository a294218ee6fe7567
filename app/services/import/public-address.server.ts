import net from "node:net";

/**
 * Which network addresses the importer may fetch from (decision 028): an address on the public
 * internet, never this machine, its private networks, link-local ones (where clouds answer with
 * their metadata and credentials), multicast or reserved ones. An operator whose old image host
 * really is private allows it with --allow-private-hosts (all private and loopback addresses) or
 * --allow-private-hosts=ADDRESS[,RANGE…] (those alone).
 */

/** Why an address is not a public one, in words for the report. */
export type AddressKind = "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved";

type Range = { bytes: Uint8Array; bits: number; kind: AddressKind };

/** 16 bytes for an IPv6 address, 4 for IPv4; undefined for anything else. */
export function addressBytes(address: string): Uint8Array | undefined {
  const kind = net.isIP(address);
  if (kind === 4) return Uint8Array.from(address.split(".").map(Number));
  if (kind !== 6) return undefined;
  // A zone (fe80::1%eth0) names an interface, not part of the address.
  let text = address.split("%")[0].toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split(".").map(Number));
    text = text.slice(0, -dotted[1].length) + "0:0";
  }
  const [head, rest] = text.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":").filter(Boolean) : []);
  const before = groups(head);
  const after = groups(rest);
  const middle = rest === undefined ? [] : Array(8 - before.length - after.length).fill("0");
  const words = [...before, ...middle, ...after].map((g) => parseInt(g, 16));
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  if (dotted) bytes.set(tail, 12);
  return bytes;
}

function range(cidr: string, kind: AddressKind): Range {
  const [address, bits] = cidr.split("/");
  return { bytes: addressBytes(address)!, bits: Number(bits), kind };
}

function inRange(bytes: Uint8Array, r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.bits; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3] & mask) !== (r.bytes[bit >> 3] & mask)) return false;
  }
  return true;
}

const IPV4: Range[] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  // Carrier-grade NAT; also where one cloud answers with its metadata (100.100.100.200).
  range("100.64.0.0/10", "private"),
  range("127.0.0.0/8", "loopback"),
  // Link-local; 169.254.169.254 is the metadata service of most clouds.
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"),
  range("192.0.2.0/24", "reserved"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "reserved"),
  range("198.51.100.0/24", "reserved"),
  range("203.0.113.0/24", "reserved"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

const IPV6: Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("64:ff9b:1::/48", "private"),
  range("100::/64", "reserved"),
  range("2001:db8::/32", "reserved"),
  // Unique local addresses (fd00:ec2::254 is a cloud's metadata service).
  range("fc00::/7", "private"),
  range("fe80::/10", "link-local"),
  range("fec0::/10", "private"),
  range("ff00::/8", "multicast"),
];

/** IPv6 forms that carry an IPv4 address, which is what the connection reaches: judged by it. */
const EMBEDDING: { range: Range; at: number }[] = [
  { range: range("::ffff:0:0/96", "reserved"), at: 12 },
  { range: range("64:ff9b::/96", "reserved"), at: 12 },
  { range: range("::/96", "reserved"), at: 12 },
  { range: range("2002::/16", "reserved"), at: 2 },
];

/** Why `address` is not a public internet address; undefined when it is one. */
export function addressKind(address: string): AddressKind | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return "reserved";
  if (bytes.length === 4) return IPV4.find((r) => inRange(bytes, r))?.kind;
  const own = IPV6.find((r) => inRange(bytes, r))?.kind;
  if (own) return own;
  const embedding = EMBEDDING.find((e) => inRange(bytes, e.range));
  if (embedding) {
    const inner = bytes.subarray(embedding.at, embedding.at + 4);
    return addressKind(Array.from(inner).join("."));
  }
  return undefined;
}

/** What the operator allowed: every private and loopback address, or the listed addresses and ranges. */
export type PrivateHostsAllowed = true | readonly string[];

/** The list given to --allow-private-hosts=…: a message about the first entry that is no address or range. */
export function invalidAllowEntry(entries: readonly string[]): string | undefined {
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const bytes = addressBytes(address);
    const maxBits = bytes ? bytes.length * 8 : 0;
    if (!bytes || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits)))
      return `"${entry}" is not an IP address or a range such as 10.1.2.0/24.`;
  }
  return undefined;
}

/**
 * True when the importer may connect to `address`. Public addresses always; with `allowed` true,
 * also loopback and private ones (never link-local, unspecified, multicast or reserved ones); with
 * a list, the addresses and ranges it names.
 */
export function mayFetchFrom(address: string, allowed?: PrivateHostsAllowed): boolean {
  const kind = addressKind(address);
  if (!kind) return true;
  if (allowed === true) return kind === "loopback" || kind === "private";
  if (!allowed) return false;
  let bytes = addressBytes(address);
  if (!bytes) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.5) is the listed IPv4 one.
  if (bytes.length === 16 && inRange(bytes, EMBEDDING[0].range)) bytes = bytes.slice(12);
  return allowed.some((entry) => {
    const [listed, bits] = entry.split("/");
    const listedBytes = addressBytes(listed);
    if (!listedBytes) return false;
    return inRange(bytes, {
      bytes: listedBytes,
      bits: bits === undefined ? listedBytes.length * 8 : Number(bits),
      kind,
    });
  });
}
