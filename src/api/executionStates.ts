import { stateMeaning, type KnownExecutionState } from '../shared/states'

export { isFinalState, readableState, stateMeaning } from '../shared/states'

let seen: { spellings: Map<KnownExecutionState, string>; unknown: string[] } = {
  spellings: new Map(),
  unknown: [],
}
const listeners = new Set<() => void>()

/** Records the spellings an answer used, so filters offer and send what the API really says. */
export function rememberStates(states: readonly string[]): void {
  let changed = false
  const next = { spellings: new Map(seen.spellings), unknown: [...seen.unknown] }
  for (const state of states) {
    const meaning = stateMeaning(state)
    if (meaning !== null && next.spellings.get(meaning) !== state) {
      next.spellings.set(meaning, state)
      changed = true
    } else if (
      meaning === null &&
      state !== '' &&
      !next.unknown.includes(state) &&
      next.unknown.length < 50
    ) {
      next.unknown.push(state)
      changed = true
    }
  }
  if (!changed) return
  seen = next
  for (const listener of listeners) listener()
}

/** How to send a state filter: a known meaning in the spelling the API was last seen using, else as given. */
export function spellingForFilter(state: string): string {
  const meaning = stateMeaning(state)
  return meaning === null ? state : (seen.spellings.get(meaning) ?? meaning)
}

export function subscribeToSeenStates(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** States seen in answers that mean none of the known four, in the order first seen. */
export function seenUnknownStates(): readonly string[] {
  return seen.unknown
}

/** For tests: forget every spelling seen. */
export function forgetSeenStates(): void {
  seen = { spellings: new Map(), unknown: [] }
  for (const listener of listeners) listener()
}
