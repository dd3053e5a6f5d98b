/*
 * The one helper that finds list rows in the page. A row of a keyboard grid carries its id in
 * `data-row-id` (rowAttributes); everything that looks a row up, walks rows or puts focus on one goes
 * through here.
 */
const ROW = 'tr[data-row-id]'

export const rowAttributes = (id: string) => ({ 'data-row-id': id })

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

/** Focuses the row of `id`; false when it is not on the page. */
export function focusRow(id: string): boolean {
  const row = rowElement(id)
  row?.focus()
  return row !== null
}

/** Whether focus sits somewhere other than the page itself (something already placed it). */
export function focusIsPlaced(): boolean {
  return document.activeElement !== null && document.activeElement !== document.body
}
