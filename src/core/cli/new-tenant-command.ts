import type { Readable, Writable } from 'node:stream';
import { formatDiagnostic } from '../data/diagnostic.ts';
import { projectRoot } from '../project-root.ts';
import { fieldProblem, idProblem } from './new-tenant/answer-problems.ts';
import { parseNewTenantArgs, USAGE, type NewTenantArgs } from './new-tenant/new-tenant-args.ts';
import { printNextSteps } from './new-tenant/next-steps.ts';
import { catalogIdsOf, sharedServerHostname } from './new-tenant/project-facts.ts';
import { createScratch, type Scratch } from './new-tenant/scratch-project.ts';
import { ABORTED, settleAnswer } from './new-tenant/settle-answer.ts';
import type { Answers } from './new-tenant/tenant-fields.ts';
import { ID_QUESTION, startingValue, tenantQuestions } from './new-tenant/tenant-questions.ts';
import { tenantFileText } from './new-tenant/tenant-template.ts';
import { createPrompter, type Prompter } from './new-tenant/terminal-prompter.ts';
import { writeNewFiles } from './new-tenant/write-new-files.ts';

export interface NewTenantIo {
  input: Readable;
  output: Writable;
  errors: Writable;
  /** Ask for what the flags leave out; otherwise a missing flag is an error. */
  interactive: boolean;
  /**
   * Draws the placeholder company logo (a PNG) from the title. Passed in by the entry point:
   * the drawing lives with the sample-image script, which core must not import.
   */
  drawLogo: (title: string) => Promise<Buffer>;
}

/** One run's state: where, what was given, how to ask and tell. */
interface Run {
  root: string;
  args: NewTenantArgs;
  io: NewTenantIo;
  prompter: Prompter | undefined;
  problems: string[];
  say: (text: string) => void;
  complain: (text: string) => void;
}

/**
 * `npm run new-tenant -- <id> [--title …] [--company-name …] [--route-prefix …] [--catalog …]`:
 * writes a commented tenants/<id>.yaml and a placeholder tenants/logos/<id>.png, after checking
 * every answer with the same JSON Schema and cross-file checks `npm run validate` runs.
 */
export async function runNewTenant(argv: string[], io: NewTenantIo): Promise<number> {
  const say = (text: string) => io.output.write(`${text}\n`);
  const complain = (text: string) => io.errors.write(`${text}\n`);
  const args = parseNewTenantArgs(argv);
  if ('problem' in args) {
    complain(args.problem);
    return 1;
  }
  if (args.help) {
    say(USAGE);
    return 0;
  }
  const prompter = io.interactive ? createPrompter(io.input, io.output) : undefined;
  const run: Run = { root: projectRoot(args.root), args, io, prompter, problems: [], say, complain };
  let scratch: Scratch | undefined;
  try {
    const id = await askId(run);
    if (id === ABORTED) return aborted(complain);
    // Without a valid id there is no file to check the other answers in; the id's problem is reported.
    scratch = id === undefined ? undefined : createScratch(run.root, id);
    const answers = await askFields(run, id, scratch);
    if (answers === ABORTED) return aborted(complain);
    if (run.problems.length > 0 || id === undefined || scratch === undefined) return refuse(complain, run.problems);
    return await writeTenant(run, id, answers, scratch);
  } finally {
    prompter?.close();
    scratch?.dispose();
  }
}

function askId(run: Run): Promise<string | undefined | typeof ABORTED> {
  return settleAnswer({
    given: run.args.id,
    where: 'tenant id',
    message: ID_QUESTION,
    check: (value) => idProblem(run.root, value),
    prompter: run.prompter,
    problems: run.problems,
    missing: `missing the tenant id: ${USAGE}`,
    say: run.complain,
  });
}

/** Every field's answer, each checked by the validator with the answers before it. */
async function askFields(run: Run, id: string | undefined, scratch: Scratch | undefined): Promise<Answers | typeof ABORTED> {
  const catalogIds = catalogIdsOf(run.root);
  const answers: Answers = {};
  for (const question of tenantQuestions(id, catalogIds, sharedServerHostname(run.root))) {
    const given = startingValue(question, run.args.flags[question.field], run.prompter !== undefined);
    // Its default is the id, whose own problem is already reported; "missing --route-prefix" would mislead.
    if (given === undefined && question.fallback === undefined && question.field === 'route_prefix' && !run.prompter) continue;
    const value = await settleAnswer({
      given,
      where: question.flag,
      message: question.message,
      fallback: question.fallback,
      check: (answer) =>
        scratch === undefined || id === undefined ? undefined : fieldProblem(scratch, id, { ...answers, [question.field]: answer }, question.field, catalogIds),
      prompter: run.prompter,
      problems: run.problems,
      missing: `missing ${question.flag} (the ${question.label}); give it, or run in a terminal to be asked`,
      say: run.complain,
    });
    if (value === ABORTED) return ABORTED;
    if (value !== undefined) answers[question.field] = value;
  }
  return answers;
}

/** The file and logo as they will be written, through the validator: what passes here passes `npm run validate`. */
async function writeTenant(run: Run, id: string, answers: Answers, scratch: Scratch): Promise<number> {
  const file = `tenants/${id}.yaml`;
  const text = tenantFileText(id, answers);
  const logo = await run.io.drawLogo(answers.title ?? id);
  const final = scratch.check(text, logo);
  const errors = final.filter((d) => d.severity === 'error');
  if (errors.length > 0) return refuse(run.complain, errors.map(formatDiagnostic));
  const written = writeNewFiles(run.root, [
    { file, bytes: text },
    { file: `tenants/logos/${id}.png`, bytes: logo },
  ]);
  if (written !== undefined) {
    run.complain(written);
    return 1;
  }
  if (!run.prompter && run.args.flags.server_hostname === undefined) {
    run.say(`Order API address: ${answers.server_hostname} (the one the other tenants use; --server-hostname for another).`);
  }
  printNextSteps(run.say, { id, file, rootFlag: run.args.root === undefined ? '' : ` --root ${run.args.root}`, warnings: final });
  return 0;
}

function refuse(complain: (text: string) => void, problems: string[]): number {
  for (const problem of problems) complain(problem);
  complain('Nothing written.');
  return 1;
}

function aborted(complain: (text: string) => void): number {
  complain('\nStopped before every answer was given. Nothing written.');
  return 1;
}
