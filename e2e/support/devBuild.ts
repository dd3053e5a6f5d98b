import { startExtraDashboard } from './dashboardStack.ts'

/** Where globalSetup puts the development build (React reports its warnings there). */
export const DEV_BUILD_DIR = 'node_modules/.cache/execution-dashboard/dev-dist'

/** The development build behind the real proxy, in front of the worker's demo API, with a store of its own. */
export function startDevDashboard() {
  return startExtraDashboard({}, DEV_BUILD_DIR)
}
