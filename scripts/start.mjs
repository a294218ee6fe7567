// npm start: builds when needed, then runs the production server.
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.main();
