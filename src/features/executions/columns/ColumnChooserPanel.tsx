import '../../styles/dialogs.css'
import { moveColumn, orderedColumns, setColumnHidden, type ColumnLayout } from '../../lib/columnLayout'

export interface ColumnChooserPanelProps {
  id: string
  onClose: () => void
  /** [id, label] of every column the user may hide or move. */
  choosable: readonly (readonly [id: string, label: string])[]
  columns: ColumnLayout
  setColumns: (layout: ColumnLayout) => void
}

/** The chooser's panel, loaded on first open (it takes everything as props, to stay a small chunk). */
export function ColumnChooserPanel(props: ColumnChooserPanelProps) {
  const { id: panelId, onClose, choosable, columns, setColumns } = props
  const IDS = choosable.map(([id]) => id)
  const labelOf = (id: string) => choosable.find(([candidate]) => candidate === id)?.[1] ?? id
  const order = orderedColumns(columns, IDS)
  return (
    // Esc closes the panel; the group only listens.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <ul
      id={panelId}
      className="column-chooser-panel"
      aria-label="Columns"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <li className="muted">ID stays first, with the checkboxes.</li>
      {order.map((id, index) => {
        const label = labelOf(id)
        return (
          <li key={id}>
            <label>
              <input
                type="checkbox"
                checked={!columns.hidden.includes(id)}
                onChange={(event) => setColumns(setColumnHidden(columns, IDS, id, !event.target.checked))}
              />{' '}
              {label}
            </label>
            <button
              type="button"
              className="button button-small"
              aria-label={`Move ${label} left`}
              disabled={index === 0}
              onClick={() => setColumns(moveColumn(columns, IDS, id, -1))}
            >
              ←
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Move ${label} right`}
              disabled={index === order.length - 1}
              onClick={() => setColumns(moveColumn(columns, IDS, id, 1))}
            >
              →
            </button>
          </li>
        )
      })}
      <li>
        <button
          type="button"
          className="button button-small"
          onClick={() => setColumns({ order: [], hidden: [] })}
        >
          Reset columns
        </button>
      </li>
    </ul>
  )
}
