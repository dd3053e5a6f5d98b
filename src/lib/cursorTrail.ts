/** A position in a cursor-paged list: the current cursor and the trail of cursors walked through. */
export interface CursorPosition {
  /** Cursor of the current page; null on the first page. */
  after: string | null
  /** The `after` of every page before this one, oldest first; '' stands for the first page. */
  trail: string[]
  /** Pages between the first page and the oldest kept cursor whose cursors were dropped. */
  skipped?: number
}

/** Cursors kept in the trail (and so in the URL), so a deep link cannot outgrow URL limits. */
export const MAX_TRAIL = 20
/** The longest cursor a link keeps (the page URL holds the position); a longer one cannot be followed. */
export const MAX_CURSOR_TEXT = 2048

/*
 * Paging that needs only `first` and `after` from the server: going forward pushes the current
 * cursor onto the trail, going back pops it. The spec does not show `before`/`last`.
 */
export function nextPage<T extends CursorPosition>(position: T, endCursor: string): T {
  const trail = [...position.trail, position.after ?? '']
  if (trail.length <= MAX_TRAIL) return { ...position, after: endCursor, trail }
  // Keep the first page and the newest cursors; count what was dropped so page numbers stay true.
  return {
    ...position,
    after: endCursor,
    trail: [trail[0] ?? '', ...trail.slice(2)],
    skipped: (position.skipped ?? 0) + 1,
  }
}

export function previousPage<T extends CursorPosition>(position: T): T {
  if (position.trail.length === 0) return position
  const previous = position.trail[position.trail.length - 1] ?? ''
  const after = previous === '' ? null : previous
  const moved = { ...position, after, trail: position.trail.slice(0, -1) }
  return after === null && position.skipped !== undefined ? { ...moved, skipped: 0 } : moved
}

export function firstPage<T extends CursorPosition>(position: T): T {
  const first = { ...position, after: null, trail: [] }
  return position.skipped === undefined ? first : { ...first, skipped: 0 }
}

export function pageNumber(position: CursorPosition): number {
  return position.trail.length + 1 + (position.skipped ?? 0)
}

/** True when Previous from here jumps to the first page because the cursors between were dropped. */
export function previousSkipsPages(position: CursorPosition): boolean {
  return (position.skipped ?? 0) > 0 && position.trail.length === 1
}

/** Repairs a trail read from a link: none on the first page, at least the first page behind any other. */
export function normaliseTrail(after: string | null, trail: string[]): string[] {
  if (after === null) return []
  return trail.length === 0 ? [''] : trail
}
