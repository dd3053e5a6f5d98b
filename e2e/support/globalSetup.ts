import { existsSync } from 'node:fs'
import { build } from 'vite'

/** Builds the dashboard once; each worker then serves it with its own servers (see dashboardStack.ts). */
export default async function globalSetup() {
  if (!existsSync('dist/index.html')) await build({ logLevel: 'warn' })
}
