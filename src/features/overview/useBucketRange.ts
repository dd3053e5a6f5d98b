import { useRef, useState, type PointerEvent } from 'react'

/** A run of buckets chosen by dragging or Shift+arrows: where it started and where it ends now (inclusive). */
export interface BucketRange {
  anchor: number
  end: number
}

export const rangeBounds = (range: BucketRange) =>
  [Math.min(range.anchor, range.end), Math.max(range.anchor, range.end)] as const

/**
 * Choosing several buckets at once: a drag across the bars (mouse, pen or touch; the bars' row keeps the
 * pointer, so the drag goes on outside it), or Shift+arrows from the focused bar. A drag narrows the window
 * when it is released over more than one bucket; a release on the bucket it began on is a click, as before.
 */
export function useBucketRange(count: number, onChoose: (first: number, last: number) => void) {
  const [range, setRange] = useState<BucketRange | null>(null)
  const dragging = useRef(false)
  // A drag over several bars ends in a click on none of them, or on the row: that click must not narrow again.
  const justDragged = useRef(false)

  const indexAt = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const share = box.width > 0 ? (event.clientX - box.left) / box.width : 0
    return Math.min(count - 1, Math.max(0, Math.floor(share * count)))
  }

  const pointer = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || count === 0) return
      dragging.current = true
      justDragged.current = false
      // Not every environment can capture (jsdom cannot); the drag then ends where the pointer leaves.
      if ('setPointerCapture' in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId)
      const at = indexAt(event)
      setRange({ anchor: at, end: at })
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!dragging.current) return
      const at = indexAt(event)
      setRange((current) => (current && current.end !== at ? { ...current, end: at } : current))
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!dragging.current) return
      dragging.current = false
      const at = indexAt(event)
      setRange(null)
      const anchor = range?.anchor ?? at
      if (anchor === at) return
      justDragged.current = true
      onChoose(Math.min(anchor, at), Math.max(anchor, at))
    },
    onPointerCancel() {
      dragging.current = false
      setRange(null)
    },
  }

  return {
    /** The run being chosen, or null. */
    range,
    pointer,
    /** Whether a click should be ignored because it ends a drag (and forgets that it did). */
    takeDragClick() {
      const was = justDragged.current
      justDragged.current = false
      return was
    },
    /** Shift+arrow from `from` to `to`: starts a run at `from` or moves its end. */
    extend(from: number, to: number) {
      setRange((current) => ({ anchor: current?.anchor ?? from, end: to }))
    },
    clear: () => setRange(null),
  }
}
