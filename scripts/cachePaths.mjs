// What the project makes for itself on a machine, relative to its root: under node_modules, so a fresh install
// starts without any of it and nothing of it is committed.
import path from 'node:path'

export const CACHE_DIR = path.join('node_modules', '.cache', 'execution-dashboard')
/** The Chromium scripts/ensure-browser.mjs found, for playwright.config.ts and the benchmarks. */
export const BROWSER_PATH_FILE = path.join(CACHE_DIR, 'chromium-path')
/** The embedded store's template `npm install` makes (scripts/dev-store-template.mjs) for `vite` and `vite preview`. */
export const DEV_STORE_TEMPLATE = path.join(CACHE_DIR, 'pglite-template')
/** The dev server's bundles of the dashboard's server (server/devServerBundle.ts). */
export const DEV_SERVER_BUNDLES = path.join(CACHE_DIR, 'vite-dashboard')
/** The development build the e2e tests serve (React reports its warnings there). */
export const DEV_BUILD_DIR = path.join(CACHE_DIR, 'dev-dist')
