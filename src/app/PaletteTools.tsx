import type { Command } from '../components/commands'
import { useCommandKeys } from '../components/useCommandKeys'
import { useCommands } from '../components/useCommands'
import { PaletteLauncher } from '../features/palette'
import type { HistoryMode } from '../lib/useUrlSearch'
import { paramsOf } from '../lib/viewUrl'
import { PRESET_LABELS } from '../lib/windowText'
import { readWindowParams, WINDOW_PRESETS, writeWindowParams, type TimeWindow } from '../../shared/timeWindow'
import { TRIAGE_PARAM } from '../../shared/triage'
import { focusPageTitle } from './pageTitle'

interface PaletteToolsProps {
  search: string
  onNavigate: (params: URLSearchParams, mode: HistoryMode) => void
  onOpenExecution: (id: string) => void
}

/**
 * The palette's launcher, the commands that belong to no one feature (time windows and the failure groups), and the
 * page's command keys.
 */
export function PaletteTools({ search, onNavigate, onOpenExecution }: PaletteToolsProps) {
  useCommandKeys()
  useCommands(() => {
    const params = paramsOf(search)
    const { window: current } = readWindowParams(params)
    const setWindow = (window: TimeWindow) =>
      onNavigate(writeWindowParams(window, paramsOf(globalThis.location.search)), 'push')
    const same = (window: TimeWindow) =>
      JSON.stringify(window) === JSON.stringify(current) ? 'the list shows this window' : null
    const windows: Command[] = [
      ...WINDOW_PRESETS.map((preset) => {
        const window: TimeWindow = { kind: 'relative', preset, field: current.field }
        const label = `Time window: ${PRESET_LABELS[preset]}`
        return {
          id: `window:${preset}`,
          label,
          group: 'Time window',
          disabled: same(window),
          run: () => setWindow(window),
        }
      }),
      ...[{ kind: 'any', field: current.field } as const].map((window) => ({
        id: 'window:any',
        label: 'Time window: Any time',
        group: 'Time window',
        keywords: 'all clear',
        disabled: same(window),
        run: () => setWindow(window),
      })),
    ]
    const triageOpen = params.get(TRIAGE_PARAM) === '1'
    const triage: Command = {
      id: 'triage',
      label: triageOpen ? 'Close the failure groups' : 'Failure groups',
      group: 'Action',
      keywords: 'triage board causes failed g',
      run: () => {
        const next = paramsOf(globalThis.location.search)
        if (triageOpen) next.delete(TRIAGE_PARAM)
        else next.set(TRIAGE_PARAM, '1')
        onNavigate(next, 'push')
        // Opened, the board takes focus itself (its first group); closed, focus must not fall to the page's body.
        if (triageOpen) requestAnimationFrame(focusPageTitle)
      },
    }
    return [...windows, triage]
  })
  return <PaletteLauncher onOpenExecution={onOpenExecution} />
}
