import { useId, useState, type SubmitEvent } from 'react'
import type { SavedView } from './savedViews'

interface SavedViewItemProps {
  view: SavedView
  isDefault: boolean
  isCurrent: boolean
  renaming: boolean
  onStartRename: () => void
  /** Answers with why the name was refused, or null when renamed. */
  onRename: (name: string) => string | null
  onCancelRename: () => void
  onOpen: () => void
  onDelete: () => void
  onToggleDefault: () => void
}

export function SavedViewItem(props: SavedViewItemProps) {
  const { view, isDefault, isCurrent } = props
  return (
    <li className="views-item">
      {props.renaming ? (
        <RenameForm view={view} onRename={props.onRename} onCancel={props.onCancelRename} />
      ) : (
        <>
          <button
            type="button"
            className="link-button views-open"
            aria-label={`Open view ${view.name}`}
            aria-current={isCurrent ? 'true' : undefined}
            onClick={props.onOpen}
          >
            {view.name}
          </button>
          <span className="muted">
            {[isCurrent ? 'shown now' : null, isDefault ? 'default' : null].filter(Boolean).join(', ')}
          </span>
          <span className="views-item-actions">
            <button
              type="button"
              className="button button-small"
              aria-label={`Rename ${view.name}`}
              onClick={props.onStartRename}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={isDefault ? `Stop opening ${view.name} by default` : `Open ${view.name} by default`}
              aria-pressed={isDefault}
              onClick={props.onToggleDefault}
            >
              Default
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Delete ${view.name}`}
              onClick={props.onDelete}
            >
              Delete
            </button>
          </span>
        </>
      )}
    </li>
  )
}

function RenameForm(props: {
  view: SavedView
  onRename: (name: string) => string | null
  onCancel: () => void
}) {
  const [name, setName] = useState(props.view.name)
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const problemId = useId()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setProblem(props.onRename(name))
  }
  return (
    <form className="views-rename" aria-label={`Rename ${props.view.name}`} onSubmit={submit} noValidate>
      <label htmlFor={inputId}>New name for {props.view.name}</label>
      <input
        id={inputId}
        value={name}
        maxLength={80}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the user just asked to rename this view
        autoFocus
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            event.stopPropagation()
            props.onCancel()
          }
        }}
      />
      <button type="submit" className="button button-small">
        Save name
      </button>
      <button type="button" className="button button-small" onClick={props.onCancel}>
        Cancel
      </button>
      {problem ? (
        <span id={problemId} className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </form>
  )
}
