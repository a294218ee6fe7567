import { z } from "zod";

// Zod compiles its object parsers with `new Function` where it can, and tries that first. The pages'
// Content-Security-Policy forbids eval, so the browser would report every try: it is told to
// interpret instead (as it would anyway under the policy).
z.config({ jitless: true });

export { z };
