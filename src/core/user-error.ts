/**
 * A problem in the data, the images, the command line or the environment, as opposed to a bug:
 * the person who ran the command can fix it from the message alone. Every CLI catches this one
 * class, prints the message without a stack trace and exits 1; any other error is a bug and is
 * thrown with its stack (docs/architecture.md, Errors).
 */
export class UserError extends Error {
  override name = 'UserError';
}
