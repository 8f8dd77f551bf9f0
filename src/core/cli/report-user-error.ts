import { UserError } from '../user-error.ts';

/** Prints a user error without a stack and gives the exit code; anything else is a bug and is thrown on. */
export function reportUserError(error: unknown): number {
  if (error instanceof UserError) {
    console.error(error.message);
    return 1;
  }
  // parseArgs' own errors (an unknown option, a missing value) are the command line's, not bugs.
  if (error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS_')) {
    console.error(error.message);
    return 1;
  }
  throw error;
}
