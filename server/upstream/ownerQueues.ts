/**
 * The budget's waiting calls, by owner (a client, or an index partition's own work) and then by lane. The next call
 * comes from the owner that has used the least of late (its calls served, halved every `USAGE_HALF_LIFE_MS`): a
 * client that has been quiet goes before one that has been busy until it has used as much, and owners equally busy
 * take turns, so a client with fifty calls waiting does not delay another's few whatever lanes they are in. Within
 * one owner, an urgent call (a count someone is waiting for now) goes first, then its lanes share its turns by weight
 * (stride scheduling), and each lane's calls go in the order they came.
 */
/** How fast an owner's use is forgotten: after a minute of quiet, a busy client's lead is down to a quarter. */
export const USAGE_HALF_LIFE_MS = 30_000
/** An owner's use is forgotten once below this (its record dropped). */
const FORGOTTEN = 0.01

export function createOwnerQueues<Lane extends string, T>(
  lanes: readonly Lane[],
  weights: Readonly<Record<Lane, number>>,
  now: () => number = Date.now,
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
  /** In turn order (ties of use go to the first); an owner served goes to the back. */
  const owners = new Map<string, Owner>()
  let size = 0
  /** Each owner's recent use, as of `at`; kept while it has calls waiting or has not been forgotten. */
  const usage = new Map<string, { value: number; at: number }>()
  let servedSinceSweep = 0
  const usedBy = (key: string, time: number) => {
    const used = usage.get(key)
    return used ? used.value * 2 ** ((used.at - time) / USAGE_HALF_LIFE_MS) : 0
  }
  /** One of the owner's calls went: it goes to the back of the turn order (or leaves it, with none left). */
  const served = (key: string, owner: Owner, time: number) => {
    owner.size -= 1
    size -= 1
    owners.delete(key)
    if (owner.size > 0) owners.set(key, owner)
    usage.set(key, { value: usedBy(key, time) + 1, at: time })
    servedSinceSweep += 1
    if (servedSinceSweep < 256) return
    servedSinceSweep = 0
    for (const known of usage.keys())
      if (!owners.has(known) && usedBy(known, time) < FORGOTTEN) usage.delete(known)
  }
  /** The call `owner` would serve next, if any may go: its first urgent one, else its lane furthest behind. */
  const candidate = (owner: Owner, may: (lane: Lane) => boolean) => {
    const urgent = owner.urgent.findIndex((call) => may(call.lane))
    if (urgent >= 0) return { urgent }
    let chosen: Lane | null = null
    for (const lane of lanes)
      if (
        owner.queues[lane].length > 0 &&
        may(lane) &&
        (chosen === null || owner.passes[lane] < owner.passes[chosen])
      )
        chosen = lane
    return chosen === null ? null : { lane: chosen }
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
    /** The next call to serve, and its lane: from the owner that has used least of late, with a lane that `may` go. */
    next(may: (lane: Lane) => boolean): { item: T; lane: Lane } | undefined {
      const time = now()
      let best: {
        key: string
        owner: Owner
        pick: { urgent: number } | { lane: Lane }
        used: number
      } | null = null
      for (const [key, owner] of owners) {
        const pick = candidate(owner, may)
        if (pick === null) continue
        const used = usedBy(key, time)
        if (best === null || used < best.used) best = { key, owner, pick, used }
      }
      if (best === null) return undefined
      const { key, owner, pick } = best
      if ('urgent' in pick) {
        const [call] = owner.urgent.splice(pick.urgent, 1) as [{ lane: Lane; item: T }]
        served(key, owner, time)
        return call
      }
      owner.virtual = owner.passes[pick.lane]
      owner.passes[pick.lane] += 1 / weights[pick.lane]
      const item = owner.queues[pick.lane].shift() as T
      served(key, owner, time)
      return { item, lane: pick.lane }
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
      usage.clear()
      size = 0
      return all
    },
  }
}
