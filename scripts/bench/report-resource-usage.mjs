// Preloaded into a process the benchmark times (node --import): on exit, writes what the process
// used to BENCH_USAGE_FILE as JSON: its peak resident memory in kilobytes and its user and system
// CPU time in microseconds, worker threads included (getrusage of the whole process).
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (!process.env.BENCH_USAGE_FILE) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ maxRSS, userCPUTime, systemCPUTime }));
});
