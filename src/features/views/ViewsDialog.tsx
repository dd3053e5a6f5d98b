import '../../styles/dialogs.css'
import { useId, useState } from 'react'
import { ModalDialog } from '../../components/ModalDialog'
import { SavedViewItem } from './SavedViewItem'
import { SaveViewForm } from './SaveViewForm'
import type { SavedView, ViewsState } from './savedViews'
import { ViewsFileActions } from './ViewsFileActions'

interface ViewsDialogProps {
  state: ViewsState
  currentId: string | null
  onSave: (name: string) => boolean
  onOpen: (view: SavedView) => void
  onRename: (view: SavedView, name: string) => string | null
  onDelete: (view: SavedView) => void
  onToggleDefault: (view: SavedView) => void
  onUndo: (() => void) | null
  onImport: (text: string) => string
  onClose: () => void
  status: string
}

/** Manages saved views; the native modal <dialog> contains focus, Esc closes it and hands focus back. */
export function ViewsDialog(props: ViewsDialogProps) {
  const { state, currentId, onClose, status } = props
  const titleId = useId()
  const [renaming, setRenaming] = useState<string | null>(null)

  return (
    <ModalDialog
      labelledBy={titleId}
      className="dialog views-dialog"
      onEscape={() => {
        onClose()
      }}
    >
      <h2 id={titleId} className="panel-title">
        Saved views
      </h2>
      <SaveViewForm onSave={props.onSave} />
      {state.views.length === 0 ? (
        <p className="muted">
          No saved views yet. A view keeps the filters, the page size and the Times setting under a name.
        </p>
      ) : (
        <ul className="views-list" aria-label="Saved views">
          {state.views.map((view) => (
            <SavedViewItem
              key={view.id}
              view={view}
              isDefault={state.defaultId === view.id}
              isCurrent={currentId === view.id}
              renaming={renaming === view.id}
              onStartRename={() => setRenaming(view.id)}
              onRename={(name) => {
                const problem = props.onRename(view, name)
                if (problem === null) setRenaming(null)
                return problem
              }}
              onCancelRename={() => setRenaming(null)}
              onOpen={() => props.onOpen(view)}
              onDelete={() => props.onDelete(view)}
              onToggleDefault={() => props.onToggleDefault(view)}
            />
          ))}
        </ul>
      )}
      <p role="status" className="views-status">
        {status}
        {props.onUndo ? (
          <button type="button" className="button button-small" onClick={props.onUndo}>
            Undo
          </button>
        ) : null}
      </p>
      <div className="dialog-actions">
        <ViewsFileActions state={state} onImport={props.onImport} />
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
