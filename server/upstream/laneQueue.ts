/**
 * One lane's waiting calls, taken in turn by owner (a client's live views, an index partition): an owner with fifty
 * calls waiting does not delay another's one; each owner's own calls go in the order they came.
 */
export function createLaneQueue<T>() {
  /** Owners in turn order: the next call comes from the first; an owner served goes to the back. */
  const owners = new Map<string, T[]>()
  let size = 0
  return {
    size: () => size,
    push(owner: string, item: T) {
      const waiting = owners.get(owner)
      if (waiting) waiting.push(item)
      else owners.set(owner, [item])
      size += 1
    },
    shift(): T | undefined {
      const next = owners.entries().next()
      if (next.done) return undefined
      const [owner, waiting] = next.value
      const item = waiting.shift()
      owners.delete(owner)
      if (waiting.length > 0) owners.set(owner, waiting)
      size -= 1
      return item
    },
    remove(owner: string, item: T): boolean {
      const waiting = owners.get(owner)
      const at = waiting?.indexOf(item) ?? -1
      if (!waiting || at < 0) return false
      waiting.splice(at, 1)
      if (waiting.length === 0) owners.delete(owner)
      size -= 1
      return true
    },
    /** Every waiting call, and the queue emptied. */
    drain(): T[] {
      const all = [...owners.values()].flat()
      owners.clear()
      size = 0
      return all
    },
  }
}

export type LaneQueue<T> = ReturnType<typeof createLaneQueue<T>>
