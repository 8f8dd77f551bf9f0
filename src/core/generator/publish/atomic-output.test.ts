import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputChangedError, recoverInterruptedSwap, writeAtomically } from './atomic-output.ts';

function workspace() {
  const parent = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  const outDir = path.join(parent, 'dist');
  mkdirSync(path.join(outDir, 'guardian'), { recursive: true });
  writeFileSync(path.join(outDir, 'guardian', 'index.html'), 'old guardian');
  mkdirSync(path.join(outDir, 'stivers'), { recursive: true });
  writeFileSync(path.join(outDir, 'stivers', 'index.html'), 'old stivers');
  return { parent, outDir };
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('writeAtomically', () => {
  it('replaces the whole output when the writer finishes', async () => {
    const { parent, outDir } = workspace();
    await writeAtomically(outDir, async (staging) => {
      mkdirSync(path.join(staging, 'guardian'));
      writeFileSync(path.join(staging, 'guardian', 'index.html'), 'new guardian');
    });
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('new guardian');
    expect(existsSync(path.join(outDir, 'stivers'))).toBe(false);
    // The previous output is kept aside whole, for the next build to recycle.
    expect(readdirSync(parent).sort()).toEqual(['.dist-spare', 'dist']);
    expect(read(path.join(parent, '.dist-spare', 'stivers', 'index.html'))).toBe('old stivers');
  });

  it('hands the writer the output before last, and removes what it did not take', async () => {
    const { parent, outDir } = workspace();
    await writeAtomically(outDir, async (staging) => mkdirSync(path.join(staging, 'guardian')));
    let handed: string | undefined;
    await writeAtomically(outDir, async (staging, recycled) => {
      handed = recycled;
      // What the writer takes is its own: a folder moved from the output before last.
      renameSync(path.join(recycled!, 'stivers'), path.join(staging, 'stivers'));
    });
    expect(handed).toMatch(/\.dist-recycling-\d+-/);
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
    // The last output is the spare now; what was left of the one before is gone.
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual(['.dist-spare', 'dist']);
    expect(readdirSync(path.join(parent, '.dist-spare'))).toEqual(['guardian']);
  });

  it('hands a failed writer the output before last too, and removes it with the staging folder', async () => {
    const { parent, outDir } = workspace();
    await writeAtomically(outDir, async (staging) => mkdirSync(path.join(staging, 'guardian')));
    await expect(
      writeAtomically(outDir, async (_staging, recycled) => {
        expect(recycled).toBeDefined();
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual(['dist']);
  });

  it('removes a previous output whose background removal was cut short, at the next build', async () => {
    const { parent, outDir } = workspace();
    mkdirSync(path.join(parent, '.dist-discarded-999999999-abcd', 'guardian'), { recursive: true });
    await writeAtomically(outDir, async (staging) => mkdirSync(path.join(staging, 'guardian')));
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual(['.dist-spare', 'dist']);
  });

  it('does not wait for a removal still under way, and restarts one whose remover died', async () => {
    const { parent, outDir } = workspace();
    // This test's own process stands for a live remover; 999999999 for one that was killed.
    const underWay = `.dist-removing-${process.pid}-live`;
    mkdirSync(path.join(parent, underWay, 'guardian'), { recursive: true });
    mkdirSync(path.join(parent, '.dist-removing-999999999-dead', 'guardian'), { recursive: true });
    await writeAtomically(outDir, async (staging) => mkdirSync(path.join(staging, 'guardian')));
    expect(existsSync(path.join(parent, underWay, 'guardian'))).toBe(true);
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual([underWay, '.dist-spare', 'dist']);
  });

  it('leaves the previous output untouched and removes its staging folder when the writer fails half-way', async () => {
    const { parent, outDir } = workspace();
    const failing = writeAtomically(outDir, async (staging) => {
      mkdirSync(path.join(staging, 'guardian'));
      writeFileSync(path.join(staging, 'guardian', 'index.html'), 'half written');
      throw new Error('render failed');
    });
    await expect(failing).rejects.toThrow('render failed');
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('old guardian');
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('keeps the carried-over entries of a partial build, moved rather than copied', async () => {
    const { outDir } = workspace();
    const inode = statSync(path.join(outDir, 'stivers', 'index.html')).ino;
    await writeAtomically(
      outDir,
      async (staging) => {
        mkdirSync(path.join(staging, 'guardian'));
        writeFileSync(path.join(staging, 'guardian', 'index.html'), 'new guardian');
      },
      { carryOver: ['stivers'] },
    );
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('new guardian');
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
    expect(statSync(path.join(outDir, 'stivers', 'index.html')).ino).toBe(inode);
  });

  it('puts the old output back whole when a build was killed while moving carried-over entries', async () => {
    const { parent, outDir } = workspace();
    const staging = path.join(parent, '.dist-staging-999999999-abc');
    mkdirSync(path.join(staging, 'guardian'), { recursive: true });
    writeFileSync(path.join(staging, 'guardian', 'index.html'), 'new guardian');
    // What swapIn had done when it was killed: the journal, the output aside, one entry moved.
    writeFileSync(path.join(parent, '.dist-carried.json'), JSON.stringify({ staging, entries: ['stivers'] }));
    renameSync(outDir, path.join(parent, '.dist-previous'));
    renameSync(path.join(parent, '.dist-previous', 'stivers'), path.join(staging, 'stivers'));

    recoverInterruptedSwap(outDir);
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('old guardian');
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
    await writeAtomically(outDir, async (next) => mkdirSync(path.join(next, 'guardian')), { carryOver: ['stivers'] });
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual(['.dist-spare', 'dist']);
  });

  it("carries a folder inside a rebuilt entry (a tenant's unchanged images), and puts it back after a kill mid-move", async () => {
    const { parent, outDir } = workspace();
    mkdirSync(path.join(outDir, 'guardian', 'assets', 'img'), { recursive: true });
    writeFileSync(path.join(outDir, 'guardian', 'assets', 'img', 'logo.png'), 'old logo');
    const inode = statSync(path.join(outDir, 'guardian', 'assets', 'img', 'logo.png')).ino;
    const rebuildGuardian = async (staging: string) => {
      mkdirSync(path.join(staging, 'guardian', 'assets'), { recursive: true });
      writeFileSync(path.join(staging, 'guardian', 'index.html'), 'new guardian');
    };
    await writeAtomically(outDir, rebuildGuardian, { carryOver: ['stivers', 'guardian/assets/img'] });
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('new guardian');
    expect(statSync(path.join(outDir, 'guardian', 'assets', 'img', 'logo.png')).ino).toBe(inode);

    // Killed after moving the image folder into the next staging folder: the old output comes back whole.
    const staging = path.join(parent, '.dist-staging-999999999-abd');
    await rebuildGuardian(staging);
    writeFileSync(path.join(parent, '.dist-carried.json'), JSON.stringify({ staging, entries: ['guardian/assets/img'] }));
    renameSync(outDir, path.join(parent, '.dist-previous'));
    renameSync(path.join(parent, '.dist-previous', 'guardian', 'assets', 'img'), path.join(staging, 'guardian', 'assets', 'img'));
    recoverInterruptedSwap(outDir);
    expect(read(path.join(outDir, 'guardian', 'assets', 'img', 'logo.png'))).toBe('old logo');
    expect(read(path.join(outDir, 'stivers', 'index.html'))).toBe('old stivers');
  });

  it('refuses to swap when a folder it was to carry inside a rebuilt entry disappeared meanwhile', async () => {
    const { parent, outDir } = workspace();
    const rebuildGuardian = async (staging: string) => {
      mkdirSync(path.join(staging, 'guardian', 'assets'), { recursive: true });
      writeFileSync(path.join(staging, 'guardian', 'index.html'), 'new guardian');
    };
    const error = await writeAtomically(outDir, rebuildGuardian, { carryOver: ['stivers', 'guardian/assets/img'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputChangedError);
    expect((error as Error).message).toMatch(/guardian\/assets\/img disappeared from .*dist while the build ran; the output is unchanged/);
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('old guardian');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('puts the old output back when a build was killed between the two renames of the swap', async () => {
    const { parent, outDir } = workspace();
    renameSync(outDir, path.join(parent, '.dist-previous'));
    recoverInterruptedSwap(outDir);
    expect(read(path.join(outDir, 'guardian', 'index.html'))).toBe('old guardian');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('clears the staging folder a killed build left behind', async () => {
    const { parent, outDir } = workspace();
    // A pid far above any real one stands for a build process that no longer exists.
    mkdirSync(path.join(parent, '.dist-staging-999999999-abc'));
    await writeAtomically(outDir, async () => {});
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 10_000 }).toEqual(['.dist-spare', 'dist']);
  });
});
