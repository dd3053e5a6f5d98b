import '../../styles/views.css'
import { lazy, Suspense, useState } from 'react'
import { useCommands } from '../../components/useCommands'
import { CopyButton } from '../../components/CopyButton'
import { columnsSlice, densitySlice, timeModeSlice } from '../../components/preferences'
import { parseColumnLayout } from '../../lib/columnLayout'
import { useClientStore, useSlice } from '../../lib/useClientStore'
import { readSaveViewOffer, withSaveViewOffer } from '../../lib/savedViewUrl'
import { readOpenExecution, withOpenExecution } from '../../lib/viewUrl'
import { findViewByQuery, viewTimeMode, type SavedView } from './savedViews'
import { useViewActions } from './useViewActions'
import { hasMovingWindow, linkToSaveView, linkToShare, linkWithPinnedWindow } from './viewLinks'
import { useAnnounce } from '../../components/Announcer'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

const ViewsDialog = lazy(async () => ({ default: (await import('./ViewsDialog')).ViewsDialog }))
const SharedViewOffer = lazy(async () => ({ default: (await import('./SharedViewOffer')).SharedViewOffer }))

interface ViewsBarProps {
  search: string
  /** Replaces the URL's search (a view opened is one history entry). */
  onNavigate: (params: URLSearchParams, mode: 'push' | 'replace') => void
}

/** The current view's name, the views dialog and the share links. */
export function ViewsBar({ search, onNavigate }: ViewsBarProps) {
  const store = useClientStore()
  const mode = useSlice(timeModeSlice)
  const actions = useViewActions(search, mode)
  const [isOpen, setOpen] = useState(false)
  const current = findViewByQuery(actions.state, search)
  const offer = readSaveViewOffer(search)

  const open = (view: SavedView) => {
    // The open execution stays open; its panel starts over.
    onNavigate(withOpenExecution(view.query, readOpenExecution(search)), 'push')
    if (view.time) store.set(timeModeSlice, view.time)
    if (view.columns !== null) store.set(columnsSlice, parseColumnLayout(view.columns))
    if (view.density) store.set(densitySlice, view.density)
    setOpen(false)
  }

  const announce = useAnnounce()
  const copyLink = () => {
    const { link, says } = linkToShare(search, Date.now())
    return navigator.clipboard.writeText(link).then(
      () => {
        actions.setStatus(says)
        announce(says)
      },
      () => actions.setStatus('The link could not be copied; use the Copy link button.'),
    )
  }
  useCommands(() => [
    {
      id: 'views:open',
      label: 'Saved views…',
      group: 'View',
      keywords: 'save rename delete default import',
      run: () => {
        actions.setStatus('')
        setOpen(true)
      },
    },
    ...(hasMovingWindow(search)
      ? [
          {
            id: 'views:copy-pinned-link',
            label: 'Copy link with this time window',
            group: 'View',
            keywords: 'share url incident pin absolute',
            run: () =>
              void navigator.clipboard.writeText(linkWithPinnedWindow(search, Date.now())).then(
                () => actions.setStatus('Link with this time window, pinned to its bounds now, copied.'),
                () => actions.setStatus('The link could not be copied; use the Copy link button.'),
              ),
          },
        ]
      : []),
    {
      id: 'views:copy-link',
      label: 'Copy link to this screen',
      group: 'View',
      keywords: 'share url',
      run: () => void copyLink(),
    },
    ...actions.state.views.map((view) => ({
      id: `views:${view.id}`,
      label: `Open view: ${view.name}`,
      group: 'Saved view',
      run: () => open(view),
    })),
  ])

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
      <CopyButton
        value={() => linkToShare(search, Date.now()).link}
        label="Copy link to this screen"
        text="Copy link"
      />
      {hasMovingWindow(search) ? (
        <CopyButton
          value={() => linkWithPinnedWindow(search, Date.now())}
          label="Copy link with this time window, pinned to the bounds it covers now"
          text="Copy link with this time window"
        />
      ) : null}
      <CopyButton
        value={linkToSaveView(search, current?.name ?? '', mode)}
        label="Copy view link, which offers to save the view"
        text="Copy view link"
      />
      <span role="status" className="views-status">
        {isOpen ? '' : actions.status}
      </span>
      {offer === null ? null : (
        <Suspense fallback={null}>
          <SharedViewOffer
            offered={offer.name}
            onSave={(name) => actions.save(name, viewTimeMode(offer.time) ?? undefined)}
            onDone={() => onNavigate(withSaveViewOffer(search, null), 'replace')}
          />
        </Suspense>
      )}
      {isOpen ? (
        <OpeningOnDemand>
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
        </OpeningOnDemand>
      ) : null}
    </section>
  )
}
