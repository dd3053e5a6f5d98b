import { existsSync, statSync } from 'node:fs'
import { build } from 'vite'
import { DEV_BUILD_DIR } from '../../scripts/cachePaths.mjs'
import { useScratchTmpdir } from '../../scripts/testScratch.ts'

const modified = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : -1)

/**
 * Builds the dashboard once; each worker then serves it with its own servers (see dashboardStack.ts). Also
 * a development build (React's development mode, which reports warnings to the console) for the test that
 * watches the console, rebuilt whenever the production build is newer than it.
 */
export default async function globalSetup(): Promise<() => void> {
  if (!existsSync('dist/index.html')) await build({ logLevel: 'warn' })
  // The workers' data directories and the browsers' profiles, removed when the run ends.
  const teardown = useScratchTmpdir('dashboard-e2e')
  if (modified(`${DEV_BUILD_DIR}/index.html`) > modified('dist/index.html')) return teardown
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'development'
  try {
    await build({
      mode: 'development',
      logLevel: 'warn',
      build: { outDir: DEV_BUILD_DIR, emptyOutDir: true, minify: false, manifest: false },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  return teardown
}
