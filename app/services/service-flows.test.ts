import { describe, expect, it } from "vitest";

import { effectTable } from "./content-changes.server";
import { serviceFlows } from "./service-flows.server";

type Shelf = { books: string[] };

/** Two flows as their modules would be: functions of the context, and the table of those that are methods. */
const reading = {
  SERVICE_METHODS: effectTable({ read: ["count"], write: [] }),
  count: (shelf: Shelf, longerThan = 0) => shelf.books.filter((book) => book.length > longerThan).length,
  /** Not named in the table: no method of the service. */
  titles: (shelf: Shelf) => shelf.books.join(", "),
};
const shelving = {
  SERVICE_METHODS: effectTable({ read: [], write: ["add"] }),
  add: async (shelf: Shelf, book: string) => {
    shelf.books.push(book);
  },
};

describe("a service made of flows", () => {
  it("has the methods its flows name, with its context given, and their effects together", async () => {
    const flows = serviceFlows(reading, shelving);
    const shelf: Shelf = { books: ["Emma"] };
    const service = flows.methods(shelf);
    await service.add("Middlemarch");
    expect(service.count()).toBe(2);
    expect(service.count(4)).toBe(1);
    expect(Object.keys(service).sort()).toEqual(["add", "count"]);
    expect(flows.effects).toEqual({ count: "read", add: "write" });
  });

  it("refuses, at the typecheck, a name its flow has no function for and a name two flows give", () => {
    const misnamed = { SERVICE_METHODS: effectTable({ read: ["missing"], write: [] }) };
    // @ts-expect-error -- the table names a function the flow does not have
    expect(() => serviceFlows(reading, misnamed).methods({ books: [] }).missing()).toThrow();
    const twice = { SERVICE_METHODS: effectTable({ read: ["count"], write: [] }), count: reading.count };
    // @ts-expect-error -- both flows give `count`
    expect(Object.keys(serviceFlows(reading, twice).effects)).toEqual(["count"]);
    // @ts-expect-error -- not the flows' context
    expect(() => serviceFlows(reading).methods({ shelves: [] }).count()).toThrow();
  });
});
