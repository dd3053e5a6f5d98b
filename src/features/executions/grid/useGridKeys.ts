import { useCallback, useState, type KeyboardEvent } from 'react'

const CONTROLS = 'button, input, select, a[href], [tabindex]:not(tr)'
const PAGE_ROWS = 10

interface GridKeyActions {
  onOpen: (id: string) => void
  /** Space or x on a row; absent when the list has no selection. */
  onToggle?: (id: string) => void
}

/** The row's controls that can take focus now (chips past the line are invisible and skipped). */
function rowControls(row: HTMLElement): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>(CONTROLS)).filter(
    (control) =>
      !control.hasAttribute('disabled') &&
      // Without layout (jsdom) every control counts.
      (typeof control.checkVisibility !== 'function' ||
        control.checkVisibility({ visibilityProperty: true })),
  )
}

/**
 * The ARIA grid pattern with focus on rows: the list is one tab stop (the last focused row), arrows or
 * j/k move between rows, Home/End and PageUp/PageDown jump, Left/Right walk the row's own controls, Esc
 * goes from a control back to its row, Enter opens, Space or x selects, r opens the row's first action.
 */
export function useGridKeys(rowIds: readonly string[], { onOpen, onToggle }: GridKeyActions) {
  const [activeId, setActiveId] = useState<string | null>(null)
  const tabStopId = activeId !== null && rowIds.includes(activeId) ? activeId : (rowIds[0] ?? null)

  const onFocus = useCallback((event: { target: EventTarget }) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>('tr[data-row-id]') : null
    if (row?.dataset.rowId) setActiveId(row.dataset.rowId)
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
    const target = event.target as HTMLElement
    const row = target.closest<HTMLElement>('tr[data-row-id]')
    const id = row?.dataset.rowId
    if (!row || !id) return
    const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('tr[data-row-id]'))
    const index = rows.indexOf(row)
    const onRow = target === row
    const controls = rowControls(row)
    const at = controls.indexOf(target)
    const focusRow = (next: number) => rows[Math.max(0, Math.min(rows.length - 1, next))]?.focus()
    const actions: Record<string, (() => void) | undefined> = {
      ArrowDown: () => focusRow(index + 1),
      j: () => focusRow(index + 1),
      ArrowUp: () => focusRow(index - 1),
      k: () => focusRow(index - 1),
      PageDown: () => focusRow(index + PAGE_ROWS),
      PageUp: () => focusRow(index - PAGE_ROWS),
      ArrowRight: () => controls[onRow ? 0 : at + 1]?.focus(),
      ArrowLeft: () => (onRow ? undefined : (controls[at - 1] ?? row).focus()),
      Escape: onRow ? undefined : () => row.focus(),
      // On the row itself only: inside it, these keys belong to the focused control.
      Home: onRow ? () => focusRow(0) : undefined,
      End: onRow ? () => focusRow(rows.length - 1) : undefined,
      Enter: onRow ? () => onOpen(id) : undefined,
      ' ': onRow && onToggle ? () => onToggle(id) : undefined,
      x: onToggle && target.tagName !== 'INPUT' ? () => onToggle(id) : undefined,
      r: () => row.querySelector<HTMLElement>('td[data-column="actions"] button')?.click(),
    }
    const action = actions[event.key]
    if (!action) return
    // A held key repeats: moving may repeat, acting must not (one press is one action).
    if (event.repeat && ['Enter', ' ', 'x', 'r'].includes(event.key)) return event.preventDefault()
    event.preventDefault()
    action()
  }

  return { tabStopId, onFocus, onKeyDown }
}
