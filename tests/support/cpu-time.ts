/**
 * The CPU time (user and system, in ms) this process used while `work` ran. A test of an
 * algorithm's cost measures this rather than the clock: the clock also counts the time other
 * processes had the core, which on a busy two-core machine (CI beside other work) was several
 * times the work itself, while a quadratic scan is slow in CPU time wherever it runs.
 */
export async function cpuMsOf(work: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
