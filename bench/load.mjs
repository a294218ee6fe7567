// node bench/load.mjs '<json plan>': one autocannon run whose requests vary, printed as JSON.
//
// The autocannon command line sends one address over and over, which the page cache answers after
// the first time. This runs autocannon from its API instead, choosing each request's address from
// the plan: a fixed path, or one made new for every request (a page the cache has never seen).
// bench/run.mjs starts it on the load generator's core.
//
// Plan: { base, connections, duration, mix: [{ weight, path?, fresh?, headers? }] }
// where `fresh` is one of the generators below.
import { randomInt, randomUUID } from "node:crypto";

import autocannon from "autocannon";

const plan = JSON.parse(process.argv[2]);

/** Addresses no one has asked for yet, as a crawler or a campaign link sends them. */
const FRESH = {
  // Show More from a post the cache has not seen: a list page rendered from the database.
  "posts-after": () => `/posts?after=${randomUUID()}`,
  "journals-after": () => `/journals?after=${randomUUID()}`,
  // One of the large data set's 100,000 generated posts, or 20,000 generated articles.
  "bulk-post": () => `/post/bulk-post-${randomInt(1, 100_001)}`,
  "bulk-journal": () => `/journal/bulk-journal-${randomInt(1, 20_001)}`,
};

/** Each entry in turn, 1..count, for a crawl that asks for every page once. */
function sequence(prefix, count) {
  let next = 0;
  return () => `${prefix}${(next++ % count) + 1}`;
}
if (plan.crawl) FRESH.crawl = sequence(plan.crawl.prefix, plan.crawl.count);

const totalWeight = plan.mix.reduce((sum, entry) => sum + entry.weight, 0);
function pick() {
  let at = Math.random() * totalWeight;
  for (const entry of plan.mix) {
    at -= entry.weight;
    if (at < 0) return entry;
  }
  return plan.mix.at(-1);
}

const statuses = {};
const result = await autocannon({
  url: plan.base,
  connections: plan.connections,
  // A number of requests (a crawl), or a duration: autocannon takes one or the other.
  ...(plan.amount ? { amount: plan.amount } : { duration: plan.duration }),
  requests: [
    {
      setupRequest(request) {
        const entry = pick();
        return {
          ...request,
          method: "GET",
          path: entry.fresh ? FRESH[entry.fresh]() : entry.path,
          headers: { ...request.headers, ...entry.headers },
        };
      },
      onResponse(status) {
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, statuses }));
