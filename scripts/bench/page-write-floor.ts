// What writing the pages costs the file system alone, on this disk: the same pages, in the same
// folders, written by one thread with nothing rendered. A build that renders every page cannot be
// faster than this part of it, whatever the renderer does.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PageWriteFloor {
  pages: number;
  bytes: number;
  wallMs: number;
  userCpuMs: number;
  systemCpuMs: number;
}

/** Writes a copy of every page of `dist` (each `.html`, in its own folder as published) beside it, timed, then removes it. */
export function pageWriteFloor(dist: string): PageWriteFloor {
  const pages = (readdirSync(dist, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, bytes: readFileSync(path.join(dist, file)) }));
  const copy = `${dist}-page-floor`;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const { file, bytes } of pages) {
    const target = path.join(copy, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  rmSync(copy, { recursive: true, force: true });
  return {
    pages: pages.length,
    bytes: pages.reduce((sum, page) => sum + page.bytes.length, 0),
    wallMs,
    userCpuMs: used.user / 1000,
    systemCpuMs: used.system / 1000,
  };
}
