import { UserError } from '../user-error.ts';

/**
 * How long an asset the new build no longer references stays in the bucket: a number of days,
 * or of deploys of the same folder (`7d`, `3deploys`).
 */
export type Grace = { days: number } | { deploys: number };

export const DEFAULT_GRACE = '7d';

export function parseGrace(text: string): Grace {
  const found = /^(\d+)(d|deploys)$/.exec(text.trim());
  if (!found) throw new UserError(`--grace ${JSON.stringify(text)}: expected a number of days or deploys, as 7d or 3deploys`);
  const count = Number(found[1]);
  return found[2] === 'd' ? { days: count } : { deploys: count };
}

/** Since when an asset has been referenced by no deploy: the time and the number of the first deploy that dropped it. */
export interface Retired {
  since: string;
  deploy: number;
}

/**
 * The ledger of the releases to one bucket folder, an object beside (never inside) the sites it
 * describes: how many releases it has had, which was last, and every object (by its key inside
 * the bucket folder) that the releases no longer reference but keep for their grace.
 */
export interface DeployLedger {
  format: typeof LEDGER_FORMAT;
  deploys: number;
  lastDeploy?: string;
  /** What the last release was of, as `--release` named it (CI: the commit). */
  lastRelease?: string;
  retired: Record<string, Retired>;
}

export const LEDGER_FORMAT = 'storefront-deploy-ledger/2';

export const emptyLedger = (): DeployLedger => ({ format: LEDGER_FORMAT, deploys: 0, retired: {} });

/** Reads a ledger; `where` names the object in the error. A ledger it cannot read stops the deploy before anything is uploaded. */
export function parseLedger(text: string, where: string): DeployLedger {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `the deploy ledger ${where} is not JSON (${(error as Error).message}): delete it to start a new one (unreferenced assets then wait a whole grace period again)`,
    );
  }
  const ledger = data as DeployLedger;
  const retiredValid = (entry: unknown) =>
    typeof entry === 'object' && entry !== null && !Number.isNaN(Date.parse((entry as Retired).since)) && Number.isInteger((entry as Retired).deploy);
  if (
    typeof data !== 'object' ||
    data === null ||
    ledger.format !== LEDGER_FORMAT ||
    !Number.isInteger(ledger.deploys) ||
    ledger.deploys < 0 ||
    typeof ledger.retired !== 'object' ||
    ledger.retired === null ||
    !Object.values(ledger.retired).every(retiredValid)
  ) {
    throw new UserError(
      `the deploy ledger ${where} is not a ${LEDGER_FORMAT} ledger: delete it to start a new one (unreferenced assets then wait a whole grace period again)`,
    );
  }
  return ledger;
}

export interface Retirement {
  /** Assets whose grace is over: delete them. */
  expired: string[];
  /** Assets still in their grace: leave them in the bucket. */
  kept: string[];
  /** The ledger to write once the expired ones are deleted. */
  ledger: DeployLedger;
}

const DAY_MS = 86_400_000;

/**
 * What one deploy does with the assets in the bucket that its build no longer has: each is kept
 * from the first deploy that found it unreferenced until the grace has passed, then deleted.
 * An asset that a build references again leaves the ledger. A clock earlier than the ledger's
 * (`since` in the future) counts as no time passed: an asset is never deleted early.
 */
export function retireAssets(
  previous: DeployLedger,
  unreferenced: readonly string[],
  grace: Grace,
  now: Date,
  inScope: (key: string) => boolean = () => true,
): Retirement {
  const deploy = previous.deploys + 1;
  const retired: Record<string, Retired> = {};
  const expired: string[] = [];
  const kept: string[] = [];
  for (const asset of [...unreferenced].sort()) {
    const entry = previous.retired[asset] ?? { since: now.toISOString(), deploy };
    const over = 'days' in grace ? Math.max(0, now.getTime() - Date.parse(entry.since)) >= grace.days * DAY_MS : deploy - entry.deploy >= grace.deploys;
    if (over) expired.push(asset);
    else {
      kept.push(asset);
      retired[asset] = entry;
    }
  }
  // A release of some tenants decides nothing about the others' objects: their entries stay as they are.
  for (const [key, entry] of Object.entries(previous.retired)) if (!inScope(key) && !(key in retired)) retired[key] = entry;
  return { expired, kept, ledger: { format: LEDGER_FORMAT, deploys: deploy, lastDeploy: now.toISOString(), retired } };
}
