import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from './schemas'

/*
 * The one place that decides what a state means. The spec spells them created, started, succeed and
 * failed and says the list is not exhaustive; real APIs also say SUCCEEDED, FAILED, success, failure.
 * Matching is by meaning (case-insensitive, these spellings only); anything else is an unknown state,
 * shown as itself and never treated as final or running.
 */
const SPELLINGS: Record<KnownExecutionState, readonly string[]> = {
  created: ['created'],
  started: ['started'],
  succeed: ['succeed', 'succeeded', 'success'],
  failed: ['failed', 'failure'],
}

export function stateMeaning(state: string): KnownExecutionState | null {
  const lower = state.trim().toLowerCase()
  return KNOWN_EXECUTION_STATES.find((meaning) => SPELLINGS[meaning].includes(lower)) ?? null
}

/** True for known final states, false for known live ones, null when the state is unknown. */
export function isFinalState(state: string): boolean | null {
  const meaning = stateMeaning(state)
  if (meaning === null) return null
  return meaning === 'succeed' || meaning === 'failed'
}

/** `timed_out` → "Timed out", `QUEUED` → "Queued". */
export function readableState(state: string): string {
  const words = state.trim().replace(/[_-]+/g, ' ').toLowerCase()
  return words === '' ? '(empty state)' : words[0]?.toUpperCase() + words.slice(1)
}

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
