import type { StateSpeller } from '../../shared/listBody.ts'

/**
 * A browser's list body (executions' or attempts') with its states as the API spells them: every spelling the
 * server has seen for each meaning (states are OR'ed; decision 31). The browser says `failed`; an API that spells
 * it `FAILED` would otherwise answer nothing. Any other body is passed on as it came.
 */
export function respellListBody(body: Buffer, spell: StateSpeller): Buffer {
  // Most bodies have no state filter: they go on as they came, unparsed (the relay's hot path).
  if (!body.includes('"states"')) return body
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return body
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body
  const filters = (parsed as { filters?: unknown }).filters
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return body
  const states = (filters as { states?: unknown }).states
  if (!Array.isArray(states) || !states.every((state) => typeof state === 'string')) return body
  const spelled = [...new Set(states.flatMap((state: string) => spell(state)))]
  if (spelled.length === states.length && spelled.every((state, n) => state === states[n])) return body
  return Buffer.from(JSON.stringify({ ...parsed, filters: { ...filters, states: spelled } }))
}
