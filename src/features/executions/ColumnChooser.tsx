import { useId, useState } from 'react'
import { useListDisplay } from '../../components/ListDisplay'
import { moveColumn, orderedColumns, setColumnHidden } from '../../lib/columnLayout'
import { ALWAYS_SHOWN, CHOOSABLE_COLUMNS } from './executionColumns'

const IDS = CHOOSABLE_COLUMNS.map(([id]) => id)
const labelOf = (id: string) => CHOOSABLE_COLUMNS.find(([candidate]) => candidate === id)?.[1] ?? id

/** Show, hide and reorder the list's columns; remembered in this browser and kept by saved views. */
export function ColumnChooser() {
  const { columns, setColumns } = useListDisplay()
  const [isOpen, setOpen] = useState(false)
  const panelId = useId()
  const order = orderedColumns(columns, IDS)
  return (
    <div className="column-chooser">
      <button
        type="button"
        className="button button-small"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        Columns…
      </button>
      {isOpen ? (
        // Esc closes the panel; the group only listens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <ul
          id={panelId}
          className="column-chooser-panel"
          aria-label="Columns"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false)
          }}
        >
          {order.map((id, index) => {
            const label = labelOf(id)
            return (
              <li key={id}>
                <label>
                  <input
                    type="checkbox"
                    checked={id === ALWAYS_SHOWN || !columns.hidden.includes(id)}
                    disabled={id === ALWAYS_SHOWN}
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
      ) : null}
    </div>
  )
}
