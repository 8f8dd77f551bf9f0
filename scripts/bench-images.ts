/**
 * Measures the image pipeline on the sample set: every catalogs/images/*.jpg (product) and
 * tenants/logos/* (PNG → logo, JPEG → banner), encoded cold into an empty temporary cache,
 * then again warm with a new pipeline on the same cache, as a second build would.
 *
 * Usage: npm run bench:images -- [--concurrency <n>] [--keep]
 *   --concurrency <n>  images encoded at once (default: the pipeline's, one per CPU)
 *   --keep             keep the temporary cache and output folder and print where they are
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { projectRoot } from '../src/core/project-root.ts';
import { createImagePipeline, type ImageFormat, type ImagePipeline, type ImagePreset, type PreparedImage } from '../src/core/generator/images/index.ts';

const ROOT = path.resolve(projectRoot());

interface Job {
  file: string;
  preset: ImagePreset;
}

async function sampleJobs(): Promise<Job[]> {
  const list = async (dir: string) => (await readdir(path.join(ROOT, dir))).sort().map((name) => path.join(ROOT, dir, name));
  const products = (await list('catalogs/images')).filter((file) => file.endsWith('.jpg'));
  const logos = await list('tenants/logos');
  return [
    ...products.map((file): Job => ({ file, preset: 'product' })),
    ...logos.map((file): Job => ({ file, preset: file.endsWith('.png') ? 'logo' : 'banner' })),
  ];
}

/** Wall-clock seconds, and CPU seconds of this process (all threads): the latter does not grow when other work shares the machine. */
async function run(pipeline: ImagePipeline, jobs: Job[]): Promise<{ seconds: number; cpuSeconds: number; images: PreparedImage[] }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  // All at once, as a build does: the pipeline's own limit decides how many encode in parallel.
  const images = await Promise.all(jobs.map((job) => pipeline.prepare(job.file, job.preset)));
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6, images };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { concurrency: { type: 'string' }, keep: { type: 'boolean', default: false } } });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  const jobs = await sampleJobs();
  const work = await mkdtemp(path.join(tmpdir(), 'bench-images-'));
  const cacheDir = path.join(work, 'cache');
  const outDir = path.join(work, 'out');

  try {
    const counts = (preset: ImagePreset) => jobs.filter((job) => job.preset === preset).length;
    console.log(
      `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} CPUs, concurrency ${concurrency ?? 'default'}`,
    );
    console.log(`sources: ${jobs.length} files (${counts('product')} product, ${counts('logo')} logo, ${counts('banner')} banner)\n`);

    const loadBefore = loadavg()
      .map((load) => load.toFixed(1))
      .join(' ');
    const cold = createImagePipeline({ cacheDir, concurrency });
    const first = await run(cold, jobs);
    for (const image of first.images) await cold.emit(image, outDir);
    const warm = createImagePipeline({ cacheDir, concurrency });
    const second = await run(warm, jobs);

    console.log('run    seconds  CPU seconds  encoded  reused');
    for (const [name, result, stats] of [
      ['cold', first, cold.stats()],
      ['warm', second, warm.stats()],
    ] as const) {
      console.log(
        `${name.padEnd(6)} ${result.seconds.toFixed(1).padStart(7)}  ${result.cpuSeconds.toFixed(1).padStart(11)}  ${String(stats.encoded).padStart(7)}  ${String(stats.reused).padStart(6)}`,
      );
    }
    console.log(
      `load average before / after: ${loadBefore} / ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} (other work on the machine slows the wall clock)`,
    );

    // Published bytes: what the output folder holds, one file per distinct variant.
    const byFormat = new Map<ImageFormat, { files: number; bytes: number }>();
    const seen = new Set<string>();
    for (const image of first.images) {
      for (const variant of image.variants) {
        if (seen.has(variant.file)) continue;
        seen.add(variant.file);
        const total = byFormat.get(variant.format) ?? { files: 0, bytes: 0 };
        total.files += 1;
        total.bytes += (await stat(path.join(outDir, variant.file))).size;
        byFormat.set(variant.format, total);
      }
    }
    console.log('\nformat  files  bytes      avg KB');
    for (const [format, total] of [...byFormat].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `${format.padEnd(7)} ${String(total.files).padStart(5)}  ${String(total.bytes).padStart(9)}  ${(total.bytes / total.files / 1024).toFixed(1).padStart(6)}`,
      );
    }
    const all = [...byFormat.values()].reduce((sum, total) => ({ files: sum.files + total.files, bytes: sum.bytes + total.bytes }), { files: 0, bytes: 0 });
    console.log(`total   ${String(all.files).padStart(5)}  ${String(all.bytes).padStart(9)}`);
    if (values.keep) console.log(`\nkept: cache ${cacheDir}, output ${outDir}`);
  } finally {
    if (!values.keep) await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
