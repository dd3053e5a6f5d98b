import { useLayoutEffect, useMemo, useState } from 'react'
import { flushSync } from 'react-dom'

/** About a tall screen's worth of rows: what is drawn before anything else. */
export const FIRST_SCREENFUL = 30

interface Drawn<T> {
  rows: readonly T[]
  /** How many of `rows` are drawn; the rest follow in a later frame. */
  count: number
}

/** How many of `rows` to draw at once: up to the first `FIRST_SCREENFUL` that were not drawn before. */
export function urgentCount<T extends { id: string }>(
  rows: readonly T[],
  drawnBefore: readonly T[],
  first = FIRST_SCREENFUL,
): number {
  const before = new Set(drawnBefore.map((row) => row.id))
  let fresh = 0
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]
    if (row !== undefined && !before.has(row.id)) fresh += 1
    if (fresh > first) return index
  }
  return rows.length
}

/**
 * The rows to draw now: a new page of 100 draws its first screenful in one task and the rest in a frame after
 * it, so no task is long and input is handled between them (a transition was tried: it came 250 ms late). A
 * refresh that brings the rows already drawn draws them all at once (they are memoized, so that costs little).
 */
export function useFirstScreenful<T extends { id: string }>(rows: readonly T[]): readonly T[] {
  const [drawn, setDrawn] = useState<Drawn<T>>(() => ({ rows, count: urgentCount(rows, []) }))
  let current = drawn
  if (drawn.rows !== rows) {
    // Derived from the props during render (React's pattern for it): no frame shows the old rows' count.
    // The same page again (the live list hands over a new array of the same rows): go on where it was.
    const same = rows.length === drawn.rows.length && rows.every((row, at) => row.id === drawn.rows[at]?.id)
    current = { rows, count: same ? drawn.count : urgentCount(rows, drawn.rows.slice(0, drawn.count)) }
    setDrawn(current)
  }
  useLayoutEffect(() => {
    if (current.count >= current.rows.length) return
    const drawAll = () =>
      flushSync(() =>
        setDrawn((latest) =>
          latest.rows === current.rows ? { rows: latest.rows, count: latest.rows.length } : latest,
        ),
      )
    return nextUrgentTask(drawAll)
  }, [current])
  const { rows: all, count } = current
  return useMemo(() => (count >= all.length ? all : all.slice(0, count)), [all, count])
}

interface PostTaskScheduler {
  postTask: (task: () => void, options: { priority: 'user-blocking'; signal: AbortSignal }) => Promise<void>
}

/**
 * Runs `task` in a task of its own, as soon as the input's own work and paint allow; returns its cancel. A timer
 * or a message waited 130 ms and more behind the input's priority in Chromium, and React's own scheduling of
 * an update uses a message; `scheduler.postTask` at user-blocking priority does not wait.
 */
function nextUrgentTask(task: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler
  if (scheduler) {
    const cancel = new AbortController()
    scheduler.postTask(task, { priority: 'user-blocking', signal: cancel.signal }).catch(() => undefined)
    return () => cancel.abort()
  }
  const timer = setTimeout(task)
  return () => clearTimeout(timer)
}
