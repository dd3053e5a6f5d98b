import { useContext, useEffect, useRef, useState } from 'react'
import { useCellTabIndex } from '../../../components/cellFocus'
import { CopyButton } from '../../../components/CopyButton'
import { middleTruncate } from '../../../lib/middleTruncate'
import { rowOf } from '../../../lib/rowLookup'
import { SelectionContext } from '../grid/rowSelection'
import { visibleText } from '../../../../shared/visibleText'

/** Pointers that hover get Copy on hover or focus; touch screens (no hover) always have it. */
const canHover = typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches

/**
 * The row's first cell: its checkbox (with a selection), then the id, monospace and truncated in the
 * middle when long. Copy is drawn from when the cell is pointed at or takes focus until neither the pointer
 * nor focus is in its row, not in every idle row: a 100-row page keeps 100 fewer elements, and the attempts
 * panel has Copy too. Keeping it while focus walks the row keeps ←/→ symmetric. Without a checkbox the cell
 * itself takes focus from the row's arrow keys, so that Copy can be reached.
 */
export function IdCell({ id }: { id: string }) {
  const selection = useContext(SelectionContext)
  const tabIndex = useCellTabIndex()
  const [isActive, setActive] = useState(!canHover)
  const cellRef = useRef<HTMLTableCellElement>(null)
  const row = () => rowOf(cellRef.current)

  // Only while Copy is drawn: one listener on one row, for focus leaving the row.
  useEffect(() => {
    if (!isActive || !canHover) return
    const tr = rowOf(cellRef.current)
    if (!tr) return
    const onFocusOut = (event: FocusEvent) => {
      // Switching to another window (to paste the id) keeps it: focus comes back to Copy.
      if (!document.hasFocus()) return
      const to = event.relatedTarget
      if (!(to instanceof Node && tr.contains(to)) && !cellRef.current?.matches(':hover')) setActive(false)
    }
    tr.addEventListener('focusout', onFocusOut)
    return () => tr.removeEventListener('focusout', onFocusOut)
  }, [isActive])

  return (
    <td
      ref={cellRef}
      data-column="id"
      className="id-cell"
      title={visibleText(id)}
      tabIndex={selection ? undefined : -1}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => {
        if (canHover && !row()?.contains(document.activeElement)) setActive(false)
      }}
      onFocus={() => setActive(true)}
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
      {middleTruncate(visibleText(id))}
      {isActive ? <CopyButton value={id} label={`Copy ID ${id}`} /> : null}
    </td>
  )
}
