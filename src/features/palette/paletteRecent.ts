import { sessionSlice } from '../../lib/clientStore'

/** What the palette ran, most recent first: command ids, and the ids of executions opened through it. */
export interface PaletteRecent {
  commands: string[]
  executions: string[]
}

const KEPT = 8

/** This sign-in's own: sign-out forgets it with the rest of the session. */
export const paletteRecentSlice = sessionSlice<PaletteRecent>('palette-recent', () => ({
  commands: [],
  executions: [],
}))

const front = (list: readonly string[], item: string) =>
  [item, ...list.filter((other) => other !== item)].slice(0, KEPT)

export function rememberCommand(recent: PaletteRecent, id: string): PaletteRecent {
  return { ...recent, commands: front(recent.commands, id) }
}

export function rememberExecution(recent: PaletteRecent, executionId: string): PaletteRecent {
  return { ...recent, executions: front(recent.executions, executionId) }
}
