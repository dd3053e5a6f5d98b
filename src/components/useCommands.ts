import { useCallback, useContext, useEffect, useRef } from 'react'
import { useAnnounce } from './Announcer'
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

/** Runs a command by id, as the palette would: one that cannot run now says why instead (a shortcut key's way). */
export function useRunCommand(): (id: string) => void {
  const registry = useContext(CommandContext)
  const announce = useAnnounce()
  return useCallback(
    (id: string) => {
      const command = registry?.list().find((offered) => offered.id === id)
      if (!command) return
      if (command.disabled) announce(`${command.label}: ${command.disabled}`, 'error')
      else command.run()
    },
    [registry, announce],
  )
}
