/*
 * The one place that decides what a state means. The spec spells them created, started, succeed and
 * failed and says the list is not exhaustive; real APIs also say SUCCEEDED, FAILED, success, failure.
 * Matching is by meaning (case-insensitive, these spellings only); anything else is an unknown state,
 * shown as itself and never treated as final or running.
 */
export const KNOWN_EXECUTION_STATES = ['created', 'started', 'succeed', 'failed'] as const
export type KnownExecutionState = (typeof KNOWN_EXECUTION_STATES)[number]

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

/** Both known (compared by meaning) or both the same unknown spelling. */
export function sameState(a: string, b: string): boolean {
  const meaning = stateMeaning(a)
  return meaning !== null ? meaning === stateMeaning(b) : a === b
}

/** `timed_out` → "Timed out", `QUEUED` → "Queued". */
export function readableState(state: string): string {
  const words = state.trim().replace(/[_-]+/g, ' ').toLowerCase()
  return words === '' ? '(empty state)' : words[0]?.toUpperCase() + words.slice(1)
}
