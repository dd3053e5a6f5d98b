import { createContext, useCallback, useContext, useRef } from 'react'
import type { Execution } from '../../../api'

/** Checked rows, kept by whoever composes the page (by id, so they survive paging and refresh). */
export interface RowSelection {
  isSelected: (id: string) => boolean
  /** Selects or unselects these rows, with the data the page has for them. */
  onChange: (rows: readonly Execution[], selected: boolean) => void
}

interface SelectionContextValue {
  selection: RowSelection
  rows: readonly Execution[]
  onToggle: (id: string, selected: boolean, extend: boolean) => void
}

/**
 * The checkboxes read the selection from context, not from their column definition: a selection change
 * would otherwise build new columns, and so re-render every row (and remount the header's checkbox, which
 * FlexRender draws).
 */
export const SelectionContext = createContext<SelectionContextValue | null>(null)

export function SelectPageCell() {
  const context = useContext(SelectionContext)
  if (!context) return null
  return <SelectPageCheckbox rows={context.rows} selection={context.selection} />
}

/** Shift+click on a checkbox selects or unselects every row between it and the last one clicked. */
export function useRangeSelection(rows: readonly Execution[], selection: RowSelection | undefined) {
  const anchorRef = useRef<string | null>(null)
  return useCallback(
    (id: string, selected: boolean, extend: boolean) => {
      if (!selection) return
      const at = rows.findIndex((row) => row.id === id)
      const anchor = extend && anchorRef.current ? rows.findIndex((row) => row.id === anchorRef.current) : -1
      const [from, to] = anchor === -1 ? [at, at] : [Math.min(anchor, at), Math.max(anchor, at)]
      anchorRef.current = id
      if (at !== -1) selection.onChange(rows.slice(from, to + 1), selected)
    },
    [rows, selection],
  )
}

export function SelectPageCheckbox(props: { rows: readonly Execution[]; selection: RowSelection }) {
  const { rows, selection } = props
  const count = rows.filter((row) => selection.isSelected(row.id)).length
  return (
    <input
      type="checkbox"
      className="row-checkbox"
      aria-label="Select all executions on this page"
      disabled={rows.length === 0}
      checked={rows.length > 0 && count === rows.length}
      ref={(input) => {
        if (input) input.indeterminate = count > 0 && count < rows.length
      }}
      readOnly
      onClick={(event) => selection.onChange(rows, event.currentTarget.checked)}
    />
  )
}
