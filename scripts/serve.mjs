// One server process: what `npm start` runs, and runs again if it dies (scripts/supervise.mjs).
// Alone (`node scripts/serve.mjs`) it runs with Node's own memory sizes and nothing restarts it.
import { loadServer, prepare } from "./build-if-needed.mjs";

prepare();
// The supervisor went away without stopping this process first (it was killed): stop as on
// SIGTERM, draining, rather than run on with no one to restart it.
if (process.send) process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
const server = await loadServer();
await server.main();
