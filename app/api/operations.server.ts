/** Kept for the modules that import the list from here; the operations live in ./operations/. */
export { operations } from "./operations/index.server";
