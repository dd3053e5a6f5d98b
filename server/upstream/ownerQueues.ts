/**
 * The budget's waiting calls, by owner (a client, or an index partition's own work) and then by lane: owners take
 * turns, so a client with fifty calls waiting does not delay another's one whatever lanes they are in; within one
 * owner, its lanes share its turns by weight (stride scheduling), and each lane's calls go in the order they came.
 */
export function createOwnerQueues<Lane extends string, T>(
  lanes: readonly Lane[],
  weights: Readonly<Record<Lane, number>>,
) {
  interface Owner {
    queues: Record<Lane, T[]>
    /** Each lane's virtual time within this owner: it advances by 1 / weight per call served. */
    passes: Record<Lane, number>
    virtual: number
    size: number
  }
  const fill = <V>(value: () => V) =>
    Object.fromEntries(lanes.map((lane) => [lane, value()])) as Record<Lane, V>
  /** In turn order: the next call comes from the first owner that has one to go; an owner served goes to the back. */
  const owners = new Map<string, Owner>()
  let size = 0

  return {
    size: () => size,
    /** Calls waiting in `lane`, whoever owns them. */
    sizeOf: (lane: Lane) => [...owners.values()].reduce((sum, owner) => sum + owner.queues[lane].length, 0),
    push(key: string, lane: Lane, item: T) {
      let owner = owners.get(key)
      if (!owner) {
        owner = { queues: fill(() => []), passes: fill(() => 0), virtual: 0, size: 0 }
        owners.set(key, owner)
      }
      // A lane that was idle joins at the owner's present: it does not bank the turns it did not need.
      if (owner.queues[lane].length === 0) owner.passes[lane] = Math.max(owner.passes[lane], owner.virtual)
      owner.queues[lane].push(item)
      owner.size += 1
      size += 1
    },
    /** The next call to serve, and its lane: the first owner in turn with a lane that `may` go now. */
    next(may: (lane: Lane) => boolean): { item: T; lane: Lane } | undefined {
      for (const [key, owner] of owners) {
        let chosen: Lane | null = null
        for (const lane of lanes)
          if (
            owner.queues[lane].length > 0 &&
            may(lane) &&
            (chosen === null || owner.passes[lane] < owner.passes[chosen])
          )
            chosen = lane
        if (chosen === null) continue
        owner.virtual = owner.passes[chosen]
        owner.passes[chosen] += 1 / weights[chosen]
        const item = owner.queues[chosen].shift() as T
        owner.size -= 1
        size -= 1
        owners.delete(key)
        if (owner.size > 0) owners.set(key, owner)
        return { item, lane: chosen }
      }
      return undefined
    },
    remove(key: string, lane: Lane, item: T): boolean {
      const owner = owners.get(key)
      const at = owner?.queues[lane].indexOf(item) ?? -1
      if (!owner || at < 0) return false
      owner.queues[lane].splice(at, 1)
      owner.size -= 1
      size -= 1
      if (owner.size === 0) owners.delete(key)
      return true
    },
    /** Every waiting call, and the queues emptied. */
    drain(): T[] {
      const all = [...owners.values()].flatMap((owner) => lanes.flatMap((lane) => owner.queues[lane]))
      owners.clear()
      size = 0
      return all
    },
  }
}
