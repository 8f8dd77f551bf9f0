import './production-mode.ts';
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startOrderApi } from './start-order-api.ts';
import { UserError } from '../src/core/user-error.ts';

/**
 * `npm run start:api`: the order API, configured only by environment variables
 * (docs/order-api.md). SIGTERM or Ctrl-C finishes the requests in flight, then exits.
 */
async function main(): Promise<number | undefined> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof UserError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  let api;
  try {
    api = await startOrderApi(config, log);
  } catch (error) {
    if (error instanceof UserError) {
      log.error('cannot start', { reason: error.message });
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info('signal received', { signal });
      api.close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error('shutdown failed', { error });
          process.exit(1);
        },
      );
    });
  }
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
