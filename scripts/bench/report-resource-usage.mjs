// Preloaded into a process the benchmark times (node --import): on exit, writes the process's
// peak resident memory in kilobytes (worker threads included) to BENCH_PEAK_FILE.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_PEAK_FILE) writeFileSync(process.env.BENCH_PEAK_FILE, String(process.resourceUsage().maxRSS));
});
