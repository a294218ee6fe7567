import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { projectRoot } from "../support/site-process.ts";

/**
 * nginx from the operating system's packages, run as the current user in a folder of its own, with
 * the site configuration shipped in deploy/nginx/. Only addresses and paths of this machine replace
 * the deployment's (listen ports, the app servers' ports, the certificate, the cache folder);
 * everything else is the shipped file, so the test checks the configuration operators copy.
 */

const SHIPPED = path.join(projectRoot, "deploy", "nginx");

/** nginx on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function nginxBinary(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  if (found.status === 0) return found.stdout.trim();
  return fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : undefined;
}

export function ensureNginx(log: (line: string) => void): string {
  const existing = nginxBinary();
  if (existing) return existing;
  log("nginx is missing: installing it from Debian's packages (apt-get install -y nginx-light or nginx)");
  const installed = spawnSync(
    "sh",
    [
      "-c",
      "apt-get install -y nginx-light || apt-get install -y nginx || (apt-get update && apt-get install -y nginx-light)",
    ],
    {
      stdio: "inherit",
    },
  );
  const binary = nginxBinary();
  if (installed.status !== 0 || !binary)
    throw new Error("nginx is needed (apt-get install -y nginx-light) and could not be installed.");
  return binary;
}

/** `text` with `from` replaced; a shipped file that no longer has `from` must fail loudly, not silently differ. */
function replaceAll(
  text: string,
  from: string | RegExp,
  to: string | ((match: string) => string),
  expected: number,
): string {
  const pattern = typeof from === "string" ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g") : from;
  const found = text.match(pattern)?.length ?? 0;
  if (found !== expected) throw new Error(`deploy/nginx: expected ${expected} of ${pattern}, found ${found}`);
  return text.replace(pattern, to as string);
}

/** The shipped upstream block with these ports in place of the servers' addresses. */
export function renderUpstreams(appPorts: number[]): string {
  const shipped = fs.readFileSync(path.join(SHIPPED, "cpscr-upstream.conf"), "utf8");
  let next = 0;
  return replaceAll(
    shipped,
    /^(\s*server )\S+/gm,
    (line) => line.replace(/\S+$/, `127.0.0.1:${appPorts[next++]}`),
    appPorts.length,
  );
}

/**
 * The shipped site with the test's ports, certificate and folders. Every path is relative: nginx
 * reads them from its prefix folder (`-p`), where the test keeps everything.
 */
export function renderSite(options: { httpPort: number; httpsPort: number; certificate: string; key: string }): string {
  let site = fs.readFileSync(path.join(SHIPPED, "cpscr.conf"), "utf8");
  site = replaceAll(site, "/var/cache/nginx-cpscr", "cache", 1);
  site = replaceAll(site, /^\s*listen \[::\]:.*\n/gm, "", 2);
  site = replaceAll(site, "listen 80;", `listen 127.0.0.1:${options.httpPort};`, 1);
  site = replaceAll(site, "listen 443 ssl", `listen 127.0.0.1:${options.httpsPort} ssl`, 1);
  site = replaceAll(site, "/etc/letsencrypt/live/cpscr.example.edu/fullchain.pem", options.certificate, 1);
  site = replaceAll(site, "/etc/letsencrypt/live/cpscr.example.edu/privkey.pem", options.key, 1);
  site = replaceAll(site, "/var/www/letsencrypt", "acme", 1);
  return site;
}

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function selfSignedCertificate(folder: string) {
  const certificate = "cert.pem";
  const key = "key.pem";
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      certificate,
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { encoding: "utf8", cwd: folder },
  );
  if (made.status !== 0)
    throw new Error(
      `openssl could not make a test certificate (apt-get install -y openssl): ${made.stderr ?? made.error}`,
    );
  return { certificate, key, ca: fs.readFileSync(path.join(folder, certificate)) };
}

/** One request in nginx's access log, with each app server it was sent to (in order). */
export type LoggedRequest = {
  id: string;
  ended: number;
  status: number;
  tries: { server: string; status: string; bytesSent: number }[];
};

export function parseAccessLog(text: string): LoggedRequest[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [end, , id, status, servers, statuses, bytesSent] = line.split(" | ");
      // Several tries are listed with ", " (" : " after an internal redirect, which the site has none of).
      const list = (value: string) => value.split(/, | : /);
      const statusList = list(statuses);
      const bytesList = list(bytesSent);
      return {
        id,
        ended: Number(end) * 1000,
        status: Number(status),
        tries:
          servers === "-"
            ? []
            : list(servers).map((server, i) => ({
                server,
                status: statusList[i],
                bytesSent: Number(bytesList[i]) || 0,
              })),
      };
    });
}

export type NginxProcess = {
  httpsUrl: string;
  httpUrl: string;
  /** The test certificate, for clients to trust. */
  ca: Buffer;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
};

async function listening(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx is not listening on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startNginx(options: {
  binary: string;
  prefix: string;
  appPorts: number[];
  httpPort: number;
  httpsPort: number;
}): Promise<NginxProcess> {
  const { prefix } = options;
  for (const folder of ["conf.d", "logs", "tmp", "cache", "acme"])
    fs.mkdirSync(path.join(prefix, folder), { recursive: true });
  const tls = selfSignedCertificate(prefix);
  fs.writeFileSync(path.join(prefix, "conf.d", "cpscr-upstream.conf"), renderUpstreams(options.appPorts));
  fs.writeFileSync(path.join(prefix, "conf.d", "cpscr.conf"), renderSite({ ...options, ...tls }));
  // What Debian's /etc/nginx/nginx.conf would be, reduced to this folder: the shipped files are
  // included in the http context as conf.d/*.conf are there.
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    // Relative paths: nginx reads them from the prefix folder given with -p.
    `worker_processes 1;
${process.getuid?.() === 0 ? "user root;" : ""}
pid nginx.pid;
error_log logs/error.log warn;
events { worker_connections 1024; }
http {
  log_format cluster '$msec | $request_time | $http_x_request_id | $status | $upstream_addr | $upstream_status | $upstream_bytes_sent | $request_method $request_uri';
  access_log logs/access.log cluster;
  client_body_temp_path tmp/body;
  proxy_temp_path tmp/proxy;
  fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi;
  scgi_temp_path tmp/scgi;
  include conf.d/*.conf;
}
`,
  );
  const errorLogFile = path.join(prefix, "logs", "error.log");
  const args = ["-e", errorLogFile, "-p", prefix, "-c", path.join(prefix, "nginx.conf")];
  const checked = spawnSync(options.binary, [...args, "-t"], { encoding: "utf8" });
  if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);
  const child = spawn(options.binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.once("exit", () => child.kill("SIGKILL"));
  try {
    await listening(options.httpsPort, 10_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
  return {
    httpsUrl: `https://127.0.0.1:${options.httpsPort}`,
    httpUrl: `http://127.0.0.1:${options.httpPort}`,
    ca: tls.ca,
    accessLog: () => read(path.join(prefix, "logs", "access.log")),
    errorLog: () => read(errorLogFile) + stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
