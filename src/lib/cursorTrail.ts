/** A position in a cursor-paged list: the current cursor and the trail of cursors walked through. */
export interface CursorPosition {
  /** Cursor of the current page; null on the first page. */
  after: string | null
  /** The `after` of every page before this one, oldest first; '' stands for the first page. */
  trail: string[]
}

/*
 * Paging that needs only `first` and `after` from the server: going forward pushes the current
 * cursor onto the trail, going back pops it. The spec does not show `before`/`last`.
 */
export function nextPage<T extends CursorPosition>(position: T, endCursor: string): T {
  return { ...position, after: endCursor, trail: [...position.trail, position.after ?? ''] }
}

export function previousPage<T extends CursorPosition>(position: T): T {
  if (position.trail.length === 0) return position
  const previous = position.trail[position.trail.length - 1] ?? ''
  return { ...position, after: previous === '' ? null : previous, trail: position.trail.slice(0, -1) }
}

export function firstPage<T extends CursorPosition>(position: T): T {
  return { ...position, after: null, trail: [] }
}

export function pageNumber(position: CursorPosition): number {
  return position.trail.length + 1
}

/** Repairs a trail read from a link: none on the first page, at least the first page behind any other. */
export function normaliseTrail(after: string | null, trail: string[]): string[] {
  if (after === null) return []
  return trail.length === 0 ? [''] : trail
}
