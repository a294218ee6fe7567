// npm start: builds when needed, then runs the production server in a child process that this
// one starts again if it dies (scripts/supervise.mjs), with the server's memory settings.
import path from "node:path";

import { buildIfNeeded, prepare, root, serverProcessSettings } from "./build-if-needed.mjs";
import { supervise } from "./supervise.mjs";

prepare();
const settings = serverProcessSettings();
buildIfNeeded();
supervise(path.join(root, "scripts", "serve.mjs"), settings);
