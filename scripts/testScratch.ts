import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * One temporary directory for a whole test run, removed when the run ends: every data directory, PostgreSQL
 * cluster, nginx prefix and build a test makes with `os.tmpdir()` goes inside it (the runner's workers and the
 * processes they start inherit TMPDIR). Tests that close abruptly, or servers that still write as they stop, left
 * their directories behind: a developer's /tmp had grown by 60 GB. For a runner's global setup: returns the teardown.
 */
export function useScratchTmpdir(name: string): () => void {
  // Vitest runs a global setup once for the root and once per project that extends it: one directory for the run.
  if (process.env.DASHBOARD_TEST_SCRATCH) return () => undefined
  const previous = process.env.TMPDIR
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`))
  // PostgreSQL and nginx workers run as other users: they must reach their directories inside it.
  chmodSync(dir, 0o755)
  process.env.TMPDIR = dir
  process.env.DASHBOARD_TEST_SCRATCH = dir
  return () => {
    delete process.env.DASHBOARD_TEST_SCRATCH
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
  }
}

/** Vitest's global setup (both configs): the run's temporary files in one directory, removed when it ends. */
export default function setup(): () => void {
  return useScratchTmpdir('dashboard-tests')
}
