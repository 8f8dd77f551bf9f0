import { UserError } from '../user-error.ts';

/** The data, the images or the options asked for cannot be built; nothing was written. */
export class BuildInputError extends UserError {}
