import { createContext } from 'react'

/** One thing the command palette can do; offered by the part of the page that owns the action. */
export interface Command {
  /** Stable across renders: what "recent" remembers. */
  id: string
  label: string
  /** Where it belongs, shown beside it: "Execution", "View", "Time window", "Link", … */
  group: string
  /** Other words it is found by. */
  keywords?: string
  /** Why it cannot run now (shown, and it stays unavailable); null or absent when it can. */
  disabled?: string | null
  /** About what is open (the open execution): ranked before the rest on an equal match. */
  current?: boolean
  run: () => void
}

type CommandSource = () => readonly Command[]

/** The commands the mounted parts offer, read when the palette opens; one per dashboard, never module-level. */
export interface CommandRegistry {
  add: (source: CommandSource) => () => void
  list: () => Command[]
}

export function createCommandRegistry(): CommandRegistry {
  const sources = new Set<CommandSource>()
  return {
    add: (source) => {
      sources.add(source)
      return () => void sources.delete(source)
    },
    list: () => [...sources].flatMap((source) => source()),
  }
}

export const CommandContext = createContext<CommandRegistry | null>(null)
