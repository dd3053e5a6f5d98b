import { z } from 'zod/mini'
import { MAX_TRAIL, normaliseTrail, type CursorPosition } from '../../lib/cursorTrail'

/** The attempts panel's own filter and page, in the URL next to `execution` (prefixed `a.`). */
export interface AttemptsView extends CursorPosition {
  states: string[]
}

export const ATTEMPT_PARAM_PREFIX = 'a.'
const MAX_TEXT = 2048
const MAX_STATES = 10

const cursorSchema = z.catch(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_TEXT))), null)
const trailSchema = z.catch(
  z.array(z.string().check(z.maxLength(MAX_TEXT))).check(z.maxLength(MAX_TRAIL)),
  [],
)
const stateSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

/** Never throws: a malformed field falls back to the first page or no filter, on its own. */
export function parseAttemptsView(search: string): AttemptsView {
  const params = new URLSearchParams(search)
  const after = cursorSchema.parse(params.get('a.after'))
  const states = [
    ...new Set(
      params.getAll('a.state').flatMap((state) => {
        const parsed = stateSchema.safeParse(state)
        return parsed.success ? [parsed.data] : []
      }),
    ),
  ].slice(0, MAX_STATES)
  return { after, trail: normaliseTrail(after, trailSchema.parse(params.getAll('a.trail'))), states }
}

export function writeAttemptsView(view: AttemptsView, current: string): URLSearchParams {
  const params = withoutAttemptsView(current)
  for (const state of view.states) params.append('a.state', state)
  if (view.after !== null) {
    params.set('a.after', view.after)
    for (const cursor of view.trail) params.append('a.trail', cursor)
  }
  return params
}

/** The URL without the panel's state: for opening another execution or closing the panel. */
export function withoutAttemptsView(current: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(current)
  for (const name of [...params.keys()]) if (name.startsWith(ATTEMPT_PARAM_PREFIX)) params.delete(name)
  return params
}
