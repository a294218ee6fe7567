// npm start: builds when needed, then runs the production server.
import { buildIfNeeded, loadServer, prepare, withServerMemorySettings } from "./build-if-needed.mjs";

prepare();
withServerMemorySettings();
buildIfNeeded();
const server = await loadServer();
await server.main();
