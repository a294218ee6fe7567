// npm run backup [-- FILE]: one .tar.gz with the database and every uploaded file.
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.backupCommand(process.argv.slice(2));
