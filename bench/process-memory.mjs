// Resident memory of a server and every process it started (the PDF reader, the embedded database's
// first creation), read from /proc. The tree's figure is the sum of each process's VmRSS: pages two
// processes share (the node binary) are counted once per process, so it is an upper bound.
import fs from "node:fs";
import { clearInterval, setInterval } from "node:timers";

const MB = 1024;

function statusField(status, name) {
  return Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / MB);
}

/** The process and its descendants, found through each process's parent in /proc/<pid>/stat. */
export function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // it ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The resident memory of one process (VmRSS) and its high-water mark (VmHWM), in MB; undefined once it ended. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return { rssMb: statusField(status, "VmRSS"), highWaterMb: statusField(status, "VmHWM") };
  } catch {
    return undefined;
  }
}

/** The process that serves: `npm start` runs the server as a child of its supervisor (decision 033). */
function servingProcess(tree) {
  for (const member of tree) {
    try {
      if (fs.readFileSync(`/proc/${member}/cmdline`, "utf8").includes("scripts/serve.mjs")) return member;
    } catch {
      // it ended meanwhile
    }
  }
  return tree[0];
}

/** The serving process's own memory, and the tree's: the RSS of the supervisor and every process under it. */
export function treeMemory(pid) {
  const tree = processTree(pid);
  const serverPid = servingProcess(tree);
  const server = memoryOf(serverPid);
  let rssMb = 0;
  let processes = 0;
  for (const member of tree) {
    const memory = member === serverPid ? server : memoryOf(member);
    if (!memory) continue;
    rssMb += memory.rssMb;
    processes++;
  }
  return { rssMb, serverRssMb: server?.rssMb ?? 0, serverHighWaterMb: server?.highWaterMb ?? 0, processes };
}

/** Samples the tree every `everyMs` until stopped; then the highest sample, the server's alone, the most processes. */
export function watchTree(pid, everyMs = 100) {
  const peak = { rssMb: 0, serverRssMb: 0, processes: 0, samples: 0 };
  const sample = () => {
    const now = treeMemory(pid);
    peak.rssMb = Math.max(peak.rssMb, now.rssMb);
    peak.serverRssMb = Math.max(peak.serverRssMb, now.serverRssMb);
    peak.processes = Math.max(peak.processes, now.processes);
    peak.samples++;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return { ...peak };
  };
}
