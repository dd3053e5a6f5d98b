import { useContext, useState } from 'react'
import { useCellTabIndex } from '../../components/cellFocus'
import { CopyButton } from '../../components/CopyButton'
import { middleTruncate } from '../../lib/middleTruncate'
import { SelectionContext } from './rowSelection'

/** Pointers that hover get Copy on hover or focus; touch screens (no hover) always have it. */
const canHover = typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches

/**
 * The row's first cell: its checkbox (with a selection), then the id, monospace and truncated in the
 * middle when long. Copy is drawn while the cell is pointed at or has focus, not in every idle row: a
 * 100-row page keeps 100 fewer elements, and the attempts panel has Copy too. Without a checkbox the cell
 * itself takes focus from the row's arrow keys, so that Copy can be reached.
 */
export function IdCell({ id }: { id: string }) {
  const selection = useContext(SelectionContext)
  const tabIndex = useCellTabIndex()
  const [isActive, setActive] = useState(!canHover)
  const leave = () => setActive(!canHover)
  return (
    <td
      data-column="id"
      className="id-cell"
      title={id}
      tabIndex={selection ? undefined : -1}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={(event) => {
        if (!event.currentTarget.contains(document.activeElement)) leave()
      }}
      onFocus={() => setActive(true)}
      onBlur={(event) => {
        const cell = event.currentTarget
        const stays = event.relatedTarget instanceof Node && cell.contains(event.relatedTarget)
        if (!stays && !cell.matches(':hover')) leave()
      }}
    >
      {selection ? (
        <input
          type="checkbox"
          className="row-checkbox"
          tabIndex={tabIndex}
          aria-label={`Select ${id}`}
          checked={selection.selection.isSelected(id)}
          readOnly
          onClick={(event) => selection.onToggle(id, event.currentTarget.checked, event.shiftKey)}
        />
      ) : null}
      {middleTruncate(id)}
      {isActive ? <CopyButton value={id} label={`Copy ID ${id}`} /> : null}
    </td>
  )
}
