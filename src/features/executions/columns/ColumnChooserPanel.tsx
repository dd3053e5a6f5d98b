import '../../../styles/dialogs.css'
import { columnsSlice } from '../../../components/preferences'
import { orderedColumns } from '../../../lib/columnLayout'
import { moveColumn, setColumnHidden } from '../../../lib/columnLayoutEdits'
import { useSliceState } from '../../../lib/useSliceState'
import { CHOOSABLE_COLUMNS } from './executionColumns'

const IDS = CHOOSABLE_COLUMNS.map(([id]) => id)
const labelOf = (id: string) => CHOOSABLE_COLUMNS.find(([candidate]) => candidate === id)?.[1] ?? id

/** The chooser's list: each column with its checkbox and ← → to move it. */
export function ColumnChooserPanel({ id: panelId, onClose }: { id: string; onClose: () => void }) {
  const [columns, setColumns] = useSliceState(columnsSlice)
  const order = orderedColumns(columns, IDS)
  return (
    // Esc closes the panel; the group only listens.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <ul
      id={panelId}
      className="column-chooser-panel"
      aria-label="Columns"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        // Only the panel closes, not a menu it sits in.
        event.stopPropagation()
        onClose()
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
          onClick={() => setColumns(columnsSlice.initial())}
        >
          Reset columns
        </button>
      </li>
    </ul>
  )
}
