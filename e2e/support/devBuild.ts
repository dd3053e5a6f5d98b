import { startExtraDashboard } from './dashboardStack.ts'

import { DEV_BUILD_DIR } from '../../scripts/cachePaths.mjs'

/** Where globalSetup puts the development build (React reports its warnings there). */
export { DEV_BUILD_DIR }

/** The development build behind the real proxy, in front of the worker's demo API, with a store of its own. */
export function startDevDashboard() {
  return startExtraDashboard({}, DEV_BUILD_DIR)
}
