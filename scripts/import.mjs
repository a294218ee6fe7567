// npm run import -- PATH [--dry-run] [--merge] [--skip-media] [--allow-private-hosts[=ADDRESS,…]]:
// the earlier system's data into this site.
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.importCommand(process.argv.slice(2));
