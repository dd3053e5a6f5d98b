import { useScratchTmpdir } from './scratchDir.ts'

/** Vitest's global setup: the run's temporary files in one directory, removed when it ends. */
export default function setup(): () => void {
  return useScratchTmpdir('dashboard-tests')
}
