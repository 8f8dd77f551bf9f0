import { useRunTempFolder } from './helpers/run-temp-folder.ts';

/**
 * The global setup of the projects that build nothing up front (`unit`, `api`): only the run's
 * temporary folder (tests/helpers/run-temp-folder.ts), so that they start at once.
 */
export default function makeRunTempFolder(): () => void {
  return useRunTempFolder().teardown;
}
