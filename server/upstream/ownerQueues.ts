/**
 * The budget's waiting calls, by owner (a client, or an index partition's own work) and then by lane: owners take
 * turns, so a client with fifty calls waiting does not delay another's one whatever lanes they are in; within one
 * owner, an urgent call (a count someone is waiting for now) goes first, then its lanes share its turns by weight
 * (stride scheduling), and each lane's calls go in the order they came.
 */
export function createOwnerQueues<Lane extends string, T>(
  lanes: readonly Lane[],
  weights: Readonly<Record<Lane, number>>,
) {
  interface Owner {
    queues: Record<Lane, T[]>
    /** Calls that go before the owner's lanes, in the order they came (each still waits for its lane's leave). */
    urgent: { lane: Lane; item: T }[]
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
  /** One of the owner's calls went: it goes to the back of the turn order (or leaves it, with none left). */
  const served = (key: string, owner: Owner) => {
    owner.size -= 1
    size -= 1
    owners.delete(key)
    if (owner.size > 0) owners.set(key, owner)
  }

  return {
    size: () => size,
    /** Calls waiting in `lane`, whoever owns them. */
    sizeOf: (lane: Lane) =>
      [...owners.values()].reduce(
        (sum, owner) =>
          sum + owner.queues[lane].length + owner.urgent.filter((call) => call.lane === lane).length,
        0,
      ),
    push(key: string, lane: Lane, item: T, urgent = false) {
      let owner = owners.get(key)
      if (!owner) {
        owner = { queues: fill(() => []), urgent: [], passes: fill(() => 0), virtual: 0, size: 0 }
        owners.set(key, owner)
      }
      if (urgent) {
        owner.urgent.push({ lane, item })
        owner.size += 1
        size += 1
        return
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
        const first = owner.urgent.findIndex((call) => may(call.lane))
        if (first >= 0) {
          const [call] = owner.urgent.splice(first, 1) as [{ lane: Lane; item: T }]
          served(key, owner)
          return call
        }
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
        served(key, owner)
        return { item, lane: chosen }
      }
      return undefined
    },
    remove(key: string, lane: Lane, item: T): boolean {
      const owner = owners.get(key)
      if (!owner) return false
      const urgentAt = owner.urgent.findIndex((call) => call.item === item)
      const at = owner.queues[lane].indexOf(item)
      if (urgentAt >= 0) owner.urgent.splice(urgentAt, 1)
      else if (at >= 0) owner.queues[lane].splice(at, 1)
      else return false
      owner.size -= 1
      size -= 1
      if (owner.size === 0) owners.delete(key)
      return true
    },
    /** Every waiting call, and the queues emptied. */
    drain(): T[] {
      const all = [...owners.values()].flatMap((owner) => [
        ...owner.urgent.map((call) => call.item),
        ...lanes.flatMap((lane) => owner.queues[lane]),
      ])
      owners.clear()
      size = 0
      return all
    },
  }
}
