import { useEffect, useRef, type RefObject } from 'react'
import { rowElements, rowOf } from '../lib/rowLookup'

const CONTROLS = 'button, input, select, a[href], [tabindex]:not(tr)'
const PAGE_ROWS = 10

export interface GridKeyActions {
  onOpen: (id: string) => void
  /** Space or x on a row; absent when the list has no selection. */
  onToggle?: ((id: string) => void) | undefined
  /** `r` on a row: another feature's action, handed in as a callback (the row is where focus returns). */
  onReschedule?: ((id: string, row: HTMLElement) => void) | undefined
  /** `a` on a row (the failure groups' Acknowledge…). */
  onAcknowledge?: ((id: string, row: HTMLElement) => void) | undefined
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

/** Keys that act once per press: a held key repeats moving, never acting. */
const ACTING_KEYS = ['Enter', ' ', 'x', 'r', 'a']

/**
 * The ARIA grid pattern with focus on rows (the executions list, the failure groups): arrows or j/k move between
 * rows, Home/End and PageUp/PageDown jump, Left/Right walk the row's own controls, Esc goes from a control back to
 * its row, Enter opens, Space or x selects, r reschedules, a acknowledges. It listens on the table's body
 * (`bodyRef`); the tab stop is useGridTabStop's.
 */
export function GridKeys({
  bodyRef,
  ...actions
}: GridKeyActions & { bodyRef: RefObject<HTMLElement | null> }) {
  const latest = useRef(actions)
  useEffect(() => {
    latest.current = actions
  })
  useEffect(() => {
    const body = bodyRef.current
    if (!body) return
    const onKeyDown = (event: KeyboardEvent) => onGridKey(event, body, latest.current)
    body.addEventListener('keydown', onKeyDown)
    return () => body.removeEventListener('keydown', onKeyDown)
  }, [bodyRef])
  return null
}

/** The keys that act on a row by another part's callback (r, a): each is there only with its callback. */
function rowActions(
  { onReschedule, onAcknowledge }: GridKeyActions,
  id: string,
  row: HTMLElement,
): Record<string, (() => void) | undefined> {
  return {
    r: onReschedule ? () => onReschedule(id, row) : undefined,
    a: onAcknowledge ? () => onAcknowledge(id, row) : undefined,
  }
}

function onGridKey(event: KeyboardEvent, body: HTMLElement, keys: GridKeyActions) {
  const { onOpen, onToggle } = keys
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
  const target = event.target as HTMLElement
  const row = rowOf(target)
  const id = row?.dataset.rowId
  if (!row || !id) return
  const rows = rowElements(body)
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
    ...rowActions(keys, id, row),
  }
  const action = actions[event.key]
  if (!action) return
  event.preventDefault()
  if (!(event.repeat && ACTING_KEYS.includes(event.key))) action()
}
