import { DEV_BUILD_DIR } from '../../scripts/cachePaths.mjs'
import { startExtraDashboard } from './dashboardStack.ts'

/**
 * The development build (globalSetup makes it in DEV_BUILD_DIR; React reports its warnings there) behind the real
 * proxy, in front of the worker's demo API, with a store of its own.
 */
export function startDevDashboard() {
  return startExtraDashboard({}, DEV_BUILD_DIR)
}
