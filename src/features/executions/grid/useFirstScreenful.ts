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

interface PostTask {
  postTask: (task: () => void, options: { priority: 'user-blocking' }) => Promise<void>
}

/**
 * The rows to draw now: a new page of 100 draws its first screenful in the input's task and the rest in a task
 * of its own, so no task is long. A refresh that brings the rows already drawn draws them all at once (they are
 * memoized, so that costs little). The rest goes at user-blocking priority (`scheduler.postTask`): a timer, a
 * message or a frame came 100-130 ms late after an input in Chromium, and so would React's own scheduling; a
 * transition came 250 ms late.
 */
export function useFirstScreenful<T extends { id: string }>(rows: readonly T[]): readonly T[] {
  const [drawn, setDrawn] = useState(() => ({ rows, count: urgentCount(rows, []) }))
  let current = drawn
  if (drawn.rows !== rows) {
    // Derived from the props during render (React's pattern for it): no frame shows the old rows' count.
    current = { rows, count: urgentCount(rows, drawn.rows.slice(0, drawn.count)) }
    setDrawn(current)
  }
  useLayoutEffect(() => {
    if (current.count >= current.rows.length) return
    const { rows } = current
    // Needs no cancelling: once the rows have changed again, `latest` is no longer `current`.
    const whole = () =>
      flushSync(() => setDrawn((latest) => (latest === current ? { rows, count: rows.length } : latest)))
    const scheduler = (globalThis as { scheduler?: PostTask }).scheduler
    if (scheduler) void scheduler.postTask(whole, { priority: 'user-blocking' })
    else setTimeout(whole)
  }, [current])
  return current.count < current.rows.length ? current.rows.slice(0, current.count) : current.rows
}
