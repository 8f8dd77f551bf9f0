import { reattachCommand } from './orders-reattach.ts';

/** `npm run orders:reattach`: see server/orders-reattach.ts and docs/publishing.md. */
process.exitCode = await reattachCommand(process.argv.slice(2), process.env, (line) => console.log(line));
