// The end-to-end tests' mail server: a real SMTP server (smtp-server) that the site sends to
// (SMTP_URL), keeping each message it receives as an .eml file in SMTP_SINK_DIR for the tests to
// read (tests/support/mailbox.ts). Started by playwright.config.ts before the site.
import fs from "node:fs";
import path from "node:path";

import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT);
const directory = path.resolve(process.env.SMTP_SINK_DIR ?? ".tmp/e2e-mail");
fs.rmSync(directory, { recursive: true, force: true });
fs.mkdirSync(directory, { recursive: true });

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on the loopback: no certificate to trust.
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const name = `${Date.now()}-${process.pid}-${++received}.eml`;
      // Written whole, then renamed: a reader never sees half a message.
      fs.writeFileSync(path.join(directory, `${name}.part`), Buffer.concat(chunks));
      fs.renameSync(path.join(directory, `${name}.part`), path.join(directory, name));
      callback();
    });
  },
});
server.on("error", (error) => console.error(`smtp sink: ${error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`SMTP sink on 127.0.0.1:${port}, writing to ${directory}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
