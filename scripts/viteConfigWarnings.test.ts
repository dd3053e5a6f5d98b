import path from 'node:path'
import { createLogger, loadConfigFromFile, type Logger } from 'vite'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** A logger that keeps what Vite says at warning level or above, instead of printing it. */
function recordingLogger(): { logger: Logger; said: string[] } {
  const said: string[] = []
  const quiet = createLogger('silent')
  const keep = (message: string) => void said.push(message)
  return { logger: { ...quiet, warn: keep, warnOnce: keep, error: keep }, said }
}

describe('vite.config.ts', () => {
  // `npm run dev` loads the config the same way; its first screen must not open with a block of warnings
  // (the config's own imports: server/ and shared/ import each other with file extensions, as Node does).
  it('loads without a warning, as `npm run dev` and `vite preview` load it', async () => {
    const { logger, said } = recordingLogger()
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'development' },
      path.join(root, 'vite.config.ts'),
      root,
      'info',
      logger,
    )
    expect(loaded?.config.plugins?.length).toBeGreaterThan(0)
    expect(said).toEqual([])
  })
})
