import { defineConfig } from 'vitest/config'

/** Tests that need the built server and real processes (nginx, npm): run after `npm run build`. */
export default defineConfig({
  test: {
    name: 'integration',
    globalSetup: ['scripts/testScratch.ts'],
    environment: 'node',
    include: ['server/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
