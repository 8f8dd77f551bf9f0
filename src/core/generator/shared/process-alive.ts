/**
 * Whether a process with this id is running (EPERM: it is, under another user). Used to tell
 * leftovers of a killed build, named by its pid, from those of a build still running.
 */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
