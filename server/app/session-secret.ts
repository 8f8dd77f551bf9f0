import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * SESSION_SECRET when set; otherwise a secret generated on the first start and kept in
 * `.cache/order-api/`, so `npm start` needs nothing set and sessions survive a restart.
 * Several instances must share one SESSION_SECRET (docs/security.md).
 */
export function sessionSecret(config: { secret?: string; secretFile: string }): string {
  if (config.secret !== undefined) return config.secret;
  try {
    const kept = readFileSync(config.secretFile, 'utf8').trim();
    if (kept.length < 32) throw new Error(`${config.secretFile} holds no usable session secret (under 32 characters): delete it, or set SESSION_SECRET`);
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(config.secretFile), { recursive: true });
  // wx: two instances starting at once keep the first one's secret.
  try {
    writeFileSync(config.secretFile, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(config.secretFile, 'utf8').trim();
  }
}
