import fs from "node:fs";

import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A test file whose database holds the demo content (database.ts's openSeededTestDatabase, api.ts's openApiWorld). */
const OPENS_DEMO_CONTENT = /\b(openSeededTestDatabase|openApiWorld)\(/;

/** How many other files run between the first file with the demo content and the next. */
const WHILE_SEEDING = 10;

/**
 * Vitest's order (longest or largest first), but with the demo content's files spread out. On a
 * fresh clone the first of them seeds the content's template (tests/support/database.ts), some ten
 * seconds of one core, while every other file that needs it waits: on two cores, the second of them
 * used to come next and leave a core idle all that time. Now the files that come next do other work.
 */
export class DemoContentSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const demo = new Set(sorted.filter((file) => OPENS_DEMO_CONTENT.test(fs.readFileSync(file.moduleId, "utf8"))));
    const order: TestSpecification[] = [];
    // Per project, as Vitest runs one project's files after another's.
    for (const project of new Set(sorted.map((file) => file.project))) {
      const own = sorted.filter((file) => file.project === project);
      const [first, ...later] = own.filter((file) => demo.has(file));
      const others = own.filter((file) => !later.includes(file));
      const at = first ? Math.min(others.indexOf(first) + 1 + WHILE_SEEDING, others.length) : others.length;
      order.push(...others.slice(0, at), ...later, ...others.slice(at));
    }
    return order;
  }
}
