import { stateMeaning, type KnownExecutionState } from '../../shared/states.ts'

const MAX_UNKNOWN_STATES = 50
/** `"state"`: the key every state sits under, whatever holds it. */
const KEY = [0x22, 0x73, 0x74, 0x61, 0x74, 0x65, 0x22]
const QUOTE = 0x22
/**
 * How far the search may move on when a window's last byte is this one and the window is no match (Horspool):
 * a byte that is not in `"state"` moves it past.
 */
const SHIFT = new Uint8Array(256).fill(KEY.length)
KEY.slice(0, -1).forEach((byte, at) => (SHIFT[byte] = KEY.length - 1 - at))

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

function isKeyAt(body: Uint8Array, at: number): boolean {
  for (let n = 0; n < KEY.length; n += 1) if (body[at + n] !== KEY[n]) return false
  return true
}

/** Where the string value of the `"state"` key at `at` begins, or -1 when what follows is no `: "` (JSON's spaces). */
function valueAfter(body: Uint8Array, at: number): number {
  let next = at + KEY.length
  while (isSpace(body[next])) next += 1
  if (body[next] !== 0x3a) return -1
  next += 1
  while (isSpace(body[next])) next += 1
  return body[next] === QUOTE ? next + 1 : -1
}

/** Whether the value at `start` is one of `taught`, closed by its quote. */
function isTaught(body: Uint8Array, start: number, taught: readonly Uint8Array[]): boolean {
  outer: for (const state of taught) {
    if (body[start + state.length] !== QUOTE) continue
    for (let n = 0; n < state.length; n += 1) if (body[start + n] !== state[n]) continue outer
    return true
  }
  return false
}

/**
 * Whether `body` may spell a state not yet taught: every `"state": "…"` in its bytes, wherever it sits, is checked
 * against `taught` (each state's UTF-8 bytes). The rows' states are among them, so when none is new, parsing the
 * answer would teach nothing; a value with an escape, or cut off, is never one of them and is left to the parse.
 * It runs on every relayed list answer, in place: no copy of the body and no garbage (a regular expression over a
 * latin1 copy was 1.7 µs for 20 rows but 5 KB of garbage a call, all that the relay allocated beyond the build
 * before the route table, and scavenges pause every request in flight); this is 3.3 µs.
 */
export function mayTeach(body: Uint8Array, taught: readonly Uint8Array[]): boolean {
  const last = KEY.length - 1
  for (let at = 0; at + last < body.length;) {
    const end = body[at + last] as number
    if (end === QUOTE && isKeyAt(body, at)) {
      const start = valueAfter(body, at)
      if (start !== -1 && !isTaught(body, start, taught)) return true
    }
    // After a quote, to that quote: a key may begin at another's closing quote (`"state""state"…`).
    at += SHIFT[end] as number
  }
  return false
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
   * Every state already taken in (bounded as what it holds is), as its UTF-8 bytes (what mayTeach compares): an
   * answer of only these teaches nothing.
   */
  const taughtStates = new Set<string>([''])
  const taught: Uint8Array[] = [new Uint8Array(0)]
  const teach = (state: string) => {
    if (taughtStates.has(state)) return
    taughtStates.add(state)
    taught.push(Buffer.from(state, 'utf8'))
  }
  const mayTeachNow = (body: Buffer) => mayTeach(body, taught)

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
