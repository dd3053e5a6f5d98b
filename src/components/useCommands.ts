import { useContext, useEffect, useRef } from 'react'
import { CommandContext, type Command } from './commands'

// Apart from commands.ts: only lazily loaded parts offer commands, so these stay out of the first load.

/**
 * Offers `commands` (built at each render, read when the palette opens) while the caller is mounted; null offers
 * none (a part that offers commands only in one of its places).
 */
export function useCommands(commands: (() => readonly Command[]) | null): void {
  const registry = useContext(CommandContext)
  const latest = useRef(commands)
  useEffect(() => {
    latest.current = commands
  })
  const offers = commands !== null
  useEffect(() => (offers ? registry?.add(() => latest.current?.() ?? []) : undefined), [registry, offers])
}

/** The registry, for the palette that reads it. */
export const useCommandRegistry = () => useContext(CommandContext)
