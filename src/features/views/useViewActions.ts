import { useCallback, useState } from 'react'
import { columnsSlice, densitySlice, type TimeMode } from '../../components/preferences'
import { serializeColumnLayout } from '../../lib/columnLayout'
import { useSlice } from '../../lib/useClientStore'
import { viewQuery } from '../../lib/savedViewUrl'
import {
  deleteView,
  importViews,
  renameView,
  sameName,
  saveView,
  setDefaultView,
  validViewName,
  type SavedView,
  type ViewsState,
} from './savedViews'
import { newViewId, useViewsState } from './viewStore'

const NAME_RULE = 'Give the view a name of 1 to 80 characters.'
const NOT_STORED = ' The browser would not store it, so it lasts only until this tab closes.'

/** What the views UI can do, each answering with a sentence for the status line. */
export function useViewActions(search: string, time: TimeMode) {
  const [state, update] = useViewsState()
  const columns = useSlice(columnsSlice)
  const density = useSlice(densitySlice)
  const [status, setStatus] = useState('')
  const [undo, setUndo] = useState<ViewsState | null>(null)

  const apply = useCallback(
    (change: (current: ViewsState) => ViewsState, said: string) => {
      const stored = update(change)
      setStatus(stored ? said : said + NOT_STORED)
    },
    [update],
  )

  /** Saves the list's current parameters; a shared link brings its own Times setting. */
  const save = (name: string, withTime: TimeMode = time): boolean => {
    const valid = validViewName(name)
    if (valid === null) {
      setStatus(NAME_RULE)
      return false
    }
    const replaces = state.views.some((view) => sameName(view.name, valid))
    apply(
      (current) =>
        saveView(
          current,
          {
            name: valid,
            query: viewQuery(search),
            time: withTime,
            columns: serializeColumnLayout(columns),
            density,
          },
          newViewId,
        ),
      replaces ? `Replaced the view “${valid}”.` : `Saved the view “${valid}”.`,
    )
    setUndo(null)
    return true
  }

  const rename = (view: SavedView, name: string): string | null => {
    const valid = validViewName(name)
    if (valid === null) return NAME_RULE
    if (state.views.some((other) => other.id !== view.id && sameName(other.name, valid))) {
      return `A view named “${valid}” already exists.`
    }
    apply((current) => renameView(current, view.id, valid), `Renamed “${view.name}” to “${valid}”.`)
    return null
  }

  const remove = (view: SavedView) => {
    setUndo(state)
    apply((current) => deleteView(current, view.id), `Deleted the view “${view.name}”.`)
  }

  const toggleDefault = (view: SavedView) => {
    const making = state.defaultId !== view.id
    apply(
      (current) => setDefaultView(current, making ? view.id : null),
      making
        ? `“${view.name}” opens when the dashboard is opened without a link.`
        : `No view opens by default now.`,
    )
  }

  const importFile = (text: string): string => {
    const result = importViews(state, text, newViewId)
    if (result === null) {
      setStatus('That file is not a views file exported from this dashboard.')
      return ''
    }
    apply(
      () => result.state,
      `Imported ${result.added} new and ${result.replaced} replaced views` +
        (result.skipped > 0 ? `; ${result.skipped} entries were not views and were skipped.` : '.'),
    )
    return ''
  }

  const undoDelete = undo
    ? () => {
        const previous = undo
        setUndo(null)
        apply(() => previous, 'The view is back.')
      }
    : null

  return { state, status, setStatus, save, rename, remove, toggleDefault, importFile, undoDelete }
}
