import { describe, expect, it } from "vitest";

import { addressKind, invalidAllowEntry, mayFetchFrom } from "./public-address.server";

describe("the addresses the importer may fetch from", () => {
  it("knows loopback, private, link-local, unspecified, multicast and reserved addresses, in IPv4 and IPv6", () => {
    const cases: [string, ReturnType<typeof addressKind>][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["::1", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["100.100.100.200", "private"],
      ["fd00:ec2::254", "private"],
      ["fc00::1", "private"],
      ["169.254.169.254", "link-local"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["0.0.0.0", "unspecified"],
      ["::", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["ff02::1", "multicast"],
      ["255.255.255.255", "reserved"],
      ["192.0.2.10", "reserved"],
      // IPv4 addresses carried in IPv6 forms are judged by the IPv4 address.
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:169.254.169.254", "link-local"],
      ["64:ff9b::a00:1", "private"],
      ["2002:c0a8:101::1", "private"],
      ["::127.0.0.1", "loopback"],
      // Public ones.
      ["93.184.216.34", undefined],
      ["172.32.0.1", undefined],
      ["2606:4700:4700::1111", undefined],
      ["::ffff:93.184.216.34", undefined],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it("allows private hosts only when the operator says so, and link-local ones only by name", () => {
    expect(mayFetchFrom("93.184.216.34")).toBe(true);
    expect(mayFetchFrom("127.0.0.1")).toBe(false);
    expect(mayFetchFrom("10.0.0.5")).toBe(false);
    expect(mayFetchFrom("127.0.0.1", true)).toBe(true);
    expect(mayFetchFrom("10.0.0.5", true)).toBe(true);
    expect(mayFetchFrom("169.254.169.254", true)).toBe(false);
    expect(mayFetchFrom("0.0.0.0", true)).toBe(false);
    expect(mayFetchFrom("10.1.2.3", ["10.1.2.0/24"])).toBe(true);
    expect(mayFetchFrom("::ffff:10.1.2.3", ["10.1.2.0/24"])).toBe(true);
    expect(mayFetchFrom("10.1.3.3", ["10.1.2.0/24"])).toBe(false);
    expect(mayFetchFrom("127.0.0.1", ["127.0.0.2"])).toBe(false);
    expect(mayFetchFrom("fd12::7", ["fd12::/16"])).toBe(true);
  });

  it("says which allow-list entry is no address or range", () => {
    expect(invalidAllowEntry(["10.1.2.3", "10.0.0.0/8", "fd00::/8"])).toBeUndefined();
    expect(invalidAllowEntry(["images.old-site.example"])).toMatch(/"images.old-site.example" is not an IP address/);
    expect(invalidAllowEntry(["10.0.0.0/33"])).toMatch(/not an IP address or a range/);
    expect(invalidAllowEntry(["10.0.0.0/8/1"])).toMatch(/not an IP address or a range/);
  });
});
