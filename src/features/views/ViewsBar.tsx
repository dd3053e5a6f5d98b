import { lazy, Suspense, useEffect, useState } from 'react'
import { CopyButton } from '../../components/CopyButton'
import { useListDisplay } from '../../components/ListDisplay'
import { useTimeDisplay } from '../../components/TimeDisplay'
import { parseColumnLayout } from '../../lib/columnLayout'
import { takePendingTime } from './defaultView'
import { findViewByQuery, viewTimeMode, type SavedView } from './savedViews'
import { useViewActions } from './useViewActions'
import { linkToSaveView, linkToThisScreen, SAVE_VIEW_PARAM, SAVE_VIEW_TIME_PARAM } from './viewLinks'

const ViewsDialog = lazy(async () => ({ default: (await import('./ViewsDialog')).ViewsDialog }))
const SharedViewOffer = lazy(async () => ({ default: (await import('./SharedViewOffer')).SharedViewOffer }))

interface ViewsBarProps {
  search: string
  /** Replaces the URL's search (a view opened is one history entry). */
  onNavigate: (params: URLSearchParams, mode: 'push' | 'replace') => void
}

/** The current view's name, the views dialog and the share links. */
export function ViewsBar({ search, onNavigate }: ViewsBarProps) {
  const { mode, setMode } = useTimeDisplay()
  const { setColumns, setDensity } = useListDisplay()
  const actions = useViewActions(search, mode)
  const [isOpen, setOpen] = useState(false)
  const current = findViewByQuery(actions.state, search)
  const params = new URLSearchParams(search)
  const offered = params.get(SAVE_VIEW_PARAM)

  useEffect(() => {
    const time = takePendingTime()
    if (time) setMode(time)
  }, [setMode])

  const open = (view: SavedView) => {
    const params = new URLSearchParams(view.query)
    const execution = new URLSearchParams(search).get('execution')
    if (execution) params.set('execution', execution)
    onNavigate(params, 'push')
    if (view.time) setMode(view.time)
    if (view.columns !== null) setColumns(parseColumnLayout(view.columns))
    if (view.density) setDensity(view.density)
    setOpen(false)
  }

  return (
    <section className="views-bar" aria-label="Views">
      <span className="views-current">
        View: <strong>{current ? current.name : 'unsaved'}</strong>
      </span>
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        onClick={() => {
          actions.setStatus('')
          setOpen(true)
        }}
      >
        Views…
      </button>
      <CopyButton value={linkToThisScreen(search)} label="Copy link to this screen" text="Copy link" />
      <CopyButton
        value={linkToSaveView(search, current?.name ?? 'Shared view', mode)}
        label="Copy view link, which offers to save the view"
        text="Copy view link"
      />
      <span role="status" className="views-status">
        {isOpen ? '' : actions.status}
      </span>
      {offered === null ? null : (
        <Suspense fallback={null}>
          <SharedViewOffer
            offered={offered}
            onSave={(name) => actions.save(name, viewTimeMode(params.get(SAVE_VIEW_TIME_PARAM)) ?? undefined)}
            onDone={() => {
              params.delete(SAVE_VIEW_PARAM)
              params.delete(SAVE_VIEW_TIME_PARAM)
              onNavigate(params, 'replace')
            }}
          />
        </Suspense>
      )}
      {isOpen ? (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <ViewsDialog
            state={actions.state}
            currentId={current?.id ?? null}
            status={actions.status}
            onSave={actions.save}
            onOpen={open}
            onRename={actions.rename}
            onDelete={actions.remove}
            onToggleDefault={actions.toggleDefault}
            onUndo={actions.undoDelete}
            onImport={actions.importFile}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
