import { z } from 'zod'

/**
 * Other plausible readings of the spec's open points, switchable so the dashboard can be seen (and
 * tested) against them: how a reschedule is answered, and how states are spelled.
 */
export const RESCHEDULE_ANSWERS = ['spec', 'top-level', '202', '204', 'new-execution'] as const
export const STATE_SPELLINGS = ['spec', 'upper', 'succeeded'] as const

export const readingsSchema = z.object({
  rescheduleAnswer: z.enum(RESCHEDULE_ANSWERS).optional(),
  stateSpelling: z.enum(STATE_SPELLINGS).optional(),
})
export type DemoReadings = Required<z.infer<typeof readingsSchema>>

export const SPEC_READINGS: DemoReadings = { rescheduleAnswer: 'spec', stateSpelling: 'spec' }

/** The state as this reading spells it. */
export function spellState(state: string, spelling: DemoReadings['stateSpelling']): string {
  if (spelling === 'upper') return (state === 'succeed' ? 'succeeded' : state).toUpperCase()
  if (spelling === 'succeeded' && state === 'succeed') return 'succeeded'
  return state
}

/** A state a client sent in this reading's spelling, as the demo stores it. */
export function unspellState(state: string): string {
  const lower = state.toLowerCase()
  return lower === 'succeeded' ? 'succeed' : lower
}

function unspellStrictly(state: string, spelling: DemoReadings['stateSpelling']): string {
  const own = unspellState(state)
  return spelling === 'spec' || spellState(own, spelling) === state ? own : `not spelled so here: ${state}`
}

function respell(item: unknown, spelling: DemoReadings['stateSpelling']): unknown {
  if (item === null || typeof item !== 'object' || !('state' in item) || typeof item.state !== 'string')
    return item
  return { ...item, state: spellState(item.state, spelling) }
}

/** Rewrites the states of a `{data: [...]}` or `{data: {...}}` answer. */
export function respellAnswer(
  answer: { data: unknown },
  spelling: DemoReadings['stateSpelling'],
): { data: unknown } {
  if (spelling === 'spec') return answer
  const data = Array.isArray(answer.data)
    ? answer.data.map((item) => respell(item, spelling))
    : respell(answer.data, spelling)
  return { ...answer, data }
}

/**
 * Rewrites `filters.states` of a request body from the reading's spelling to the demo's own. Under another reading
 * than the spec's the demo is as strict as an exact-match server: a state in any other spelling matches nothing.
 */
export function unspellRequest(body: unknown, spelling: DemoReadings['stateSpelling'] = 'spec'): unknown {
  if (body === null || typeof body !== 'object' || !('filters' in body)) return body
  const filters = body.filters
  if (
    filters === null ||
    typeof filters !== 'object' ||
    !('states' in filters) ||
    !Array.isArray(filters.states)
  ) {
    return body
  }
  const states: unknown[] = filters.states
  return {
    ...body,
    filters: {
      ...filters,
      states: states.map((s) => (typeof s === 'string' ? unspellStrictly(s, spelling) : s)),
    },
  }
}

/** How the reschedule answer goes out under the chosen reading: status and body (undefined: none). */
export function rescheduleAnswer(
  answer: { data: unknown },
  reading: DemoReadings['rescheduleAnswer'],
): { status: number; body?: unknown } {
  switch (reading) {
    case 'spec':
      return { status: 200, body: answer }
    case 'top-level':
      return { status: 200, body: answer.data }
    case '202':
      return { status: 202, body: { status: 'accepted' } }
    case '204':
      return { status: 204 }
    case 'new-execution': {
      const data = answer.data as { id: string }
      return { status: 200, body: { data: { ...data, id: `${data.id}-rerun` } } }
    }
  }
}
