import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'

const MAX_UNKNOWN_STATES = 50

/**
 * How the API spells states, learned from its answers (executions' and attempts'): the one speller. The browser
 * sends states by meaning (`failed`); every body the server sends upstream carries each meaning in every spelling
 * the API was seen using (states are OR'ed), the spec's spelling before any answer.
 */
export function createStateSpellings() {
  /** Grows with each spelling learned: the store saves when it moved. */
  let version = 0
  const spellings = new Map<KnownExecutionState, Set<string>>()
  const unknown = new Set<string>()

  function learn(states: Iterable<string>) {
    for (const state of states) {
      const meaning = stateMeaning(state)
      if (meaning === null) {
        if (state !== '' && !unknown.has(state) && unknown.size < MAX_UNKNOWN_STATES) {
          unknown.add(state)
          version += 1
        }
        continue
      }
      const set = spellings.get(meaning) ?? new Set<string>()
      if (!set.has(state)) {
        set.add(state)
        spellings.set(meaning, set)
        version += 1
      }
    }
  }

  function spell(state: string): string[] {
    const meaning = stateMeaning(state)
    if (meaning === null) return [state]
    const seen = spellings.get(meaning)
    return seen && seen.size > 0 ? [...seen] : [meaning]
  }

  return {
    learn,
    spell,
    version: () => version,
    /** The states of a list answer's rows (`data[].state`); an answer of another shape teaches nothing. */
    learnFromAnswer(body: Buffer) {
      let parsed: unknown
      try {
        parsed = JSON.parse(body.toString('utf8'))
      } catch {
        return
      }
      const data = (parsed as { data?: unknown } | null)?.data
      if (!Array.isArray(data)) return
      learn(
        data.flatMap((row: unknown) => {
          const state = (row as { state?: unknown } | null)?.state
          return typeof state === 'string' ? [state] : []
        }),
      )
    },
    /** States that mean none of the known four, as the API spells them. */
    unknown: () => [...unknown],
    /** Everything learned, by meaning (and `unknown`): what the store keeps. */
    snapshot(): Record<string, string[]> {
      return {
        ...Object.fromEntries([...spellings].map(([meaning, set]) => [meaning, [...set]])),
        unknown: [...unknown],
      }
    },
    /** Takes back a snapshot the store kept. */
    restore(saved: Record<string, string[]>) {
      for (const [meaning, list] of Object.entries(saved)) {
        if (meaning === 'unknown') list.forEach((state) => unknown.add(state))
        else learn(list)
      }
    },
  }
}

export type StateSpellings = ReturnType<typeof createStateSpellings>
