import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'

const MAX_UNKNOWN_STATES = 50
const special = /[.*+?^${}()|[\]\\/]/g

/**
 * A `"state": "` not followed by one of `taught` and its closing quote, in an answer's bytes read one byte a
 * character (as `taught` holds each state: its UTF-8 bytes). A value with an escape, or cut off, is not one of them.
 */
export const untaughtState = (taught: Iterable<string>) =>
  new RegExp(
    `"state"\\s*:\\s*"(?!(?:${[...taught].map((state) => state.replace(special, '\\$&')).join('|')})")`,
  )

/**
 * Whether `body` may spell a state not yet taught: every `"state": "…"` in its bytes, wherever it sits, is checked
 * (`untaughtState`). The rows' states are among them, so when none is new, parsing the answer would teach nothing;
 * a value with an escape is left to the parse. It runs on every relayed list answer: one test of a regular
 * expression, no match objects, 1.4 µs for a page of 20 rows (a parse: 12 µs; capturing each value: 2.9 µs and
 * as many bytes again of garbage; reading the bytes in place: 8 µs).
 */
export function mayTeach(body: Buffer, untaught: RegExp): boolean {
  return untaught.test(body.toString('latin1'))
}

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
  /**
   * Every state already taken in (bounded as what it holds is), as its UTF-8 bytes read one byte a character (what
   * mayTeach compares): an answer of only these teaches nothing.
   */
  const taught = new Set<string>([''])
  /** `untaughtState(taught)`, made again once `taught` grows. */
  let untaught: RegExp | null = null
  const teach = (state: string) => {
    const bytes = Buffer.from(state, 'utf8').toString('latin1')
    if (taught.has(bytes)) return
    taught.add(bytes)
    untaught = null
  }
  const mayTeachNow = (body: Buffer) => mayTeach(body, (untaught ??= untaughtState(taught)))

  function learn(states: Iterable<string>) {
    for (const state of states) {
      const meaning = stateMeaning(state)
      if (meaning === null) {
        if (state !== '' && !unknown.has(state) && unknown.size < MAX_UNKNOWN_STATES) {
          unknown.add(state)
          teach(state)
          version += 1
        }
        continue
      }
      teach(state)
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
    /** Whether this answer may teach a spelling (learnFromAnswer parses only those). */
    mayTeach: mayTeachNow,
    /** The states of a list answer's rows (`data[].state`); an answer of another shape teaches nothing. */
    learnFromAnswer(body: Buffer) {
      // On the relay's path every answer comes here; once the API's spellings are known, parsing each one was 7 %
      // of the relay's CPU (and more garbage) for nothing learned.
      if (!mayTeachNow(body)) return
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
