import { readFileSync } from 'node:fs';
import { UserError } from '../user-error.ts';

/** One entry of a plan: deploy:plan prints tenant, base and key; preview:plan adds basePath and preview. */
export interface PlanEntry {
  tenant: string;
  key?: string;
  basePath?: string;
  preview?: string;
}

/**
 * The entries of a plan file (`{"include":[…]}`, as `npm run --silent deploy:plan` or
 * `preview:plan` prints it), read for `option` (`--plan`, `--prune`), which the errors name.
 * `needsKey`: every entry must say where it goes in the bucket.
 */
export function readPlanFile(file: string, option: string, { needsKey = false } = {}): PlanEntry[] {
  let plan: { include?: unknown };
  try {
    plan = JSON.parse(readFileSync(file, 'utf8')) as typeof plan;
  } catch (error) {
    throw new UserError(`${option} ${file}: ${(error as Error).message} (expected the JSON that deploy:plan or preview:plan prints)`);
  }
  const text = (value: unknown) => value === undefined || typeof value === 'string';
  const valid = (entry: Record<string, unknown>) =>
    typeof entry.tenant === 'string' && (needsKey ? typeof entry.key === 'string' : text(entry.key)) && text(entry.basePath) && text(entry.preview);
  if (!Array.isArray(plan.include) || !plan.include.every((entry) => typeof entry === 'object' && entry !== null && valid(entry)))
    throw new UserError(`${option} ${file}: expected {"include":[{"tenant":…${needsKey ? ',"key":…' : ''}},…]} as deploy:plan or preview:plan prints it`);
  return plan.include as PlanEntry[];
}
