// npm run create-admin -- --username NAME --email ADDRESS --password SECRET
import { buildIfNeeded, loadServer, prepare } from "./build-if-needed.mjs";

prepare();
buildIfNeeded();
const server = await loadServer();
await server.createAdminCommand(process.argv.slice(2));
