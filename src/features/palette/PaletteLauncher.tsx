import { lazy, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import type { Command } from '../../components/commands'
import { useCommandRegistry } from '../../components/useCommands'
import { useEarlyKey } from '../../components/useEarlyKey'
import type { EarlyKey } from '../../lib/earlyKeys'
import { isModalOpen } from '../../lib/keyTargets'
import { useSliceState } from '../../lib/useSliceState'
import { paletteRecentSlice, rememberCommand, rememberExecution } from './paletteRecent'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

// The palette itself is not in the first load: it loads once the page is idle, so that keys typed right after
// the first Ctrl+K land in its field.
const loadPalette = () => import('./CommandPalette')
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }))
type PaletteModule = Awaited<ReturnType<typeof loadPalette>>

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** Ctrl+K (⌘K on a Mac) from anywhere but another dialog, and a button for the pointer: the command palette. */
export function PaletteLauncher({ onOpenExecution }: { onOpenExecution: (id: string) => void }) {
  const registry = useCommandRegistry()
  const [commands, setCommands] = useState<Command[] | null>(null)
  // What was typed after a Ctrl+K pressed before the palette was there (lib/earlyKeys).
  const [typed, setTyped] = useState<EarlyKey | null>(null)
  const [recent, setRecent] = useSliceState(paletteRecentSlice)
  // The palette's module once loaded: drawn at once (React.lazy would suspend a first time, and the keys typed
  // meanwhile would act on the page: the `t` of "audit trail" opened the trail).
  const [loaded, setLoaded] = useState<PaletteModule | null>(null)
  const open = () => {
    setTyped(null)
    setCommands(registry?.list() ?? [])
  }

  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1))
    idle(() => void loadPalette().then(setLoaded), { timeout: 2_000 })
  }, [])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return
      if (event.shiftKey || event.defaultPrevented || isModalOpen()) return
      event.preventDefault()
      setCommands(registry?.list() ?? [])
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [registry])

  const openExecution = (id: string) => {
    setRecent((current) => rememberExecution(current, id))
    onOpenExecution(id)
  }
  const choose = (command: Command | null) => {
    // Closed first, so focus is back where it was before the command opens a dialog or moves it.
    flushSync(() => setCommands(null))
    if (!command) return
    if (!command.id.startsWith('open:')) setRecent((current) => rememberCommand(current, command.id))
    command.run()
  }

  // A Ctrl+K pressed before the palette loaded opens it now, with what is typed after it (read as it opens).
  useEarlyKey(
    'Mod+k',
    (key) => {
      if (isModalOpen()) return
      setTyped(key)
      setCommands(registry?.list() ?? [])
    },
    loaded !== null,
  )
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={open}
      >
        Commands <kbd>{isMac() ? '⌘K' : 'Ctrl+K'}</kbd>
      </button>
      {commands === null ? null : loaded ? (
        <loaded.CommandPalette
          commands={commands}
          early={typed}
          recent={recent}
          onOpenExecution={openExecution}
          onChoose={choose}
        />
      ) : (
        <OpeningOnDemand>
          <CommandPalette
            commands={commands}
            early={typed}
            recent={recent}
            onOpenExecution={openExecution}
            onChoose={choose}
          />
        </OpeningOnDemand>
      )}
    </>
  )
}
