// npm run restore -- ARCHIVE [--force]: brings DATA_DIR or DATABASE_URL (and the uploads) to a backup's content.
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.restoreCommand(process.argv.slice(2));
