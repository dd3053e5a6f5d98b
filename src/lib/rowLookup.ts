/*
 * The one helper that finds list rows in the page. A row of a keyboard grid carries its id in
 * `data-row-id` (rowAttributes); everything that looks a row up, walks rows or puts focus on one goes
 * through here.
 */
const ROW = 'tr[data-row-id]'

export const rowAttributes = (id: string) => ({ 'data-row-id': id })
/** A row that stays, dimmed, after its execution left the filter: not a grid row, but it marks the place. */
export const departedRowAttributes = (id: string) => ({ 'data-departed-id': id })

/** The rows under `root`, in document order. */
export function rowElements(root: ParentNode | null | undefined = document): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(ROW)) : []
}

export function rowElement(id: string, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`${ROW}[data-row-id="${CSS.escape(id)}"]`)
}

/** The row an element sits in (or is). */
export function rowOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(ROW) : null
}

export function rowIdOf(target: EventTarget | null): string | null {
  return rowOf(target)?.dataset.rowId ?? null
}

/** The row that is the grid's tab stop. */
export function tabStopRow(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>(`${ROW}[tabindex="0"]`)
}

/** The row of `id`; when it has left the list but its place is marked, the row now in that place. */
export function rowInPlaceOf(id: string, root: ParentNode = document): HTMLElement | null {
  const row = rowElement(id, root)
  if (row) return row
  const departed = root.querySelector(`tr[data-departed-id="${CSS.escape(id)}"]`)
  if (!departed) return null
  const rows = rowElements(root)
  const after = rows.find((each) => departed.compareDocumentPosition(each) & Node.DOCUMENT_POSITION_FOLLOWING)
  return after ?? rows.at(-1) ?? null
}

/** Focuses the row of `id`, or the row now in its place; false when neither is on the page. */
export function focusRow(id: string): boolean {
  const row = rowInPlaceOf(id)
  row?.focus()
  return row !== null
}
