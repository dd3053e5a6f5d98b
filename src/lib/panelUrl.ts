import type { CursorPosition } from './cursorTrail'
import { PARAM, paramsOf, readPosition, withoutAttemptsView, writePosition } from './viewUrl'

/** The attempts panel's own filter and page, next to `execution` (prefixed `a.`). */
export interface AttemptsView extends CursorPosition {
  states: string[]
}

const MAX_ATTEMPT_STATES = 10

export function readAttemptsView(search: string): AttemptsView {
  const params = paramsOf(search)
  const states = params
    .getAll(`${PARAM.attemptsPrefix}state`)
    .map((state) => state.trim())
    .filter((state) => state !== '' && state.length <= 100)
  return {
    states: [...new Set(states)].slice(0, MAX_ATTEMPT_STATES),
    ...readPosition(params, PARAM.attemptsPrefix),
  }
}

export function writeAttemptsView(view: AttemptsView, current: string | URLSearchParams): URLSearchParams {
  const params = withoutAttemptsView(current)
  for (const state of view.states) params.append(`${PARAM.attemptsPrefix}state`, state)
  writePosition(view, params, PARAM.attemptsPrefix)
  return params
}
