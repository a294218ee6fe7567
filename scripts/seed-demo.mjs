// npm run seed:demo: adds the demo content to an empty database (also a DATABASE_URL one).
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.seedDemoCommand();
