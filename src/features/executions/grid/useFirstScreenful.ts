import { useLayoutEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/** About a tall screen's worth of rows: what is drawn before anything else. */
export const FIRST_SCREENFUL = 30

/** How many of `rows` to draw at once: up to the first `FIRST_SCREENFUL` that were not drawn before. */
export function urgentCount<T extends { id: string }>(
  rows: readonly T[],
  drawnBefore: readonly T[],
  first = FIRST_SCREENFUL,
): number {
  const before = new Set(drawnBefore.map((row) => row.id))
  let fresh = 0
  const at = rows.findIndex((row) => !before.has(row.id) && ++fresh > first)
  return at < 0 ? rows.length : at
}

/** How many of `rows` were not drawn before. */
function freshCount<T extends { id: string }>(rows: readonly T[], drawnBefore: readonly T[]): number {
  const before = new Set(drawnBefore.map((row) => row.id))
  return rows.reduce((count, row) => (before.has(row.id) ? count : count + 1), 0)
}

/** Whether `a` and `b` hold the same rows in the same order. */
function sameIds<T extends { id: string }>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((row, index) => row.id === b[index]?.id)
}

interface PostTask {
  postTask: (task: () => void, options: { priority: 'user-blocking' }) => Promise<void>
}

/**
 * The rows to draw now. Rows that answer a wait the user saw (`waiting` in the render before: a first load, or the
 * old rows kept while a new page size or filter loads) draw their first screenful in the answer's task and the rest
 * in a task of their own, so no task is long. Rows that come with no wait (a prefetched Next or Previous: the page
 * was in the cache at the click) are drawn whole, so the frame after the click shows all of them (issue 49 §0: it
 * showed 60 of 100). A refresh draws the rows already drawn at once (they are memoized, so that costs little). The
 * rest goes at user-blocking priority (`scheduler.postTask`): a timer, a message or a frame came 100-130 ms late
 * after an input in Chromium, and so would React's own scheduling; a transition came 250 ms late.
 */
export function useFirstScreenful<T extends { id: string }>(
  rows: readonly T[],
  waiting = true,
): readonly T[] {
  // `waited`: a wait was seen since these rows were drawn. It holds until new rows come: the list's rows follow the
  // answer a render or two after the wait ends (the live model takes them in an effect, the old rows meanwhile).
  const [drawn, setDrawn] = useState(() => ({ rows, count: urgentCount(rows, []), waited: waiting }))
  let current = drawn
  if (drawn.rows !== rows || (waiting && !drawn.waited)) {
    // Derived from the props during render (React's pattern for it): no frame shows the old rows' count.
    if (sameIds(rows, drawn.rows)) {
      // The same rows again (a new array of them): what is drawn and what is owed stay as they were.
      current = { rows, count: drawn.count, waited: drawn.waited || waiting }
    } else {
      const before = drawn.rows.slice(0, drawn.count)
      current = {
        rows,
        count: drawn.waited ? urgentCount(rows, before) : rows.length,
        waited: waiting || (drawn.waited && freshCount(rows, before) === 0),
      }
    }
    setDrawn(current)
  }
  useLayoutEffect(() => {
    if (current.count >= current.rows.length) return
    const { rows } = current
    // Needs no cancelling: once the rows have changed again, `latest` is no longer `current`.
    const whole = () =>
      flushSync(() =>
        setDrawn((latest) => (latest === current ? { ...current, count: rows.length } : latest)),
      )
    const scheduler = (globalThis as { scheduler?: PostTask }).scheduler
    if (scheduler) void scheduler.postTask(whole, { priority: 'user-blocking' })
    else setTimeout(whole)
  }, [current])
  return current.count < current.rows.length ? current.rows.slice(0, current.count) : current.rows
}
