// Preloaded into a process the benchmark times (node --import): on exit, writes the CPU time it
// used (user + system, in microseconds) to BENCH_CPU_FILE. On a shared machine the wall time
// includes waiting for a core; the CPU time is what the command itself costs.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const usage = process.resourceUsage();
  if (process.env.BENCH_CPU_FILE) writeFileSync(process.env.BENCH_CPU_FILE, String(usage.userCPUTime + usage.systemCPUTime));
});
