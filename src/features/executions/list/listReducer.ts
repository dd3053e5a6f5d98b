import type { Execution } from '../../../api'

/** A row the user rescheduled that an answer then dropped, kept in its old place, dimmed. */
export interface LingeringRow {
  execution: Execution
  /** Its position among the rows before it left. */
  index: number
}

/*
 * What the list draws, as a pure reducer. Its inputs are the answers (with what else the caller knew when
 * one came: is this the first page, which ids were just rescheduled) and DOM facts that event handlers
 * report (the page is scrolled, focus is in the list). Nothing here reads the DOM or the clock.
 *
 * A list that holds still while it is read: executions an answer brings in are held back (and counted)
 * unless nobody is reading (first page, scrolled to the top, focus elsewhere). Rows already on screen
 * update in place, and those whose state changed are marked. Rescheduled rows that left the filter stay,
 * dimmed, until the view changes.
 */
export interface ListState {
  /** Which view (filters, page, size) the answer below belongs to. */
  viewKey: string | null
  /** The last settled answer's rows. */
  rows: readonly Execution[]
  /** Ids the user has been shown in this view; the others wait for Show. */
  known: ReadonlySet<string>
  /** Ids whose state differs from the answer before. */
  changed: ReadonlySet<string>
  lingering: readonly LingeringRow[]
  scrolled: boolean
  focusInList: boolean
}

export type ListAction =
  | {
      type: 'answer'
      viewKey: string
      rows: readonly Execution[]
      isFirstPage: boolean
      /** Ids rescheduled by this browser lately: if they leave, they linger. */
      rescheduled: ReadonlySet<string>
    }
  | { type: 'show-held' }
  | { type: 'scrolled'; scrolled: boolean }
  | { type: 'focus'; inList: boolean }

const NONE: ReadonlySet<string> = new Set()
const idsOf = (rows: readonly Execution[]) => rows.map((row) => row.id)

export const INITIAL_LIST_STATE: ListState = {
  viewKey: null,
  rows: [],
  known: NONE,
  changed: NONE,
  lingering: [],
  scrolled: false,
  focusInList: false,
}

function takeAnswer(state: ListState, action: Extract<ListAction, { type: 'answer' }>): ListState {
  const { viewKey, rows } = action
  if (state.viewKey !== viewKey)
    return { ...state, viewKey, rows, known: new Set(idsOf(rows)), changed: NONE, lingering: [] }
  if (rows === state.rows) return state
  const before = new Map(state.rows.map((row) => [row.id, row.state]))
  const changed = new Set(
    rows.filter((row) => before.has(row.id) && before.get(row.id) !== row.state).map((row) => row.id),
  )
  // Nobody reads an empty list: what arrives in it is shown, not held behind "0 executions" (issue 47 §4).
  const showing = state.rows.some((row) => state.known.has(row.id))
  const reading = showing && (!action.isFirstPage || state.scrolled || state.focusInList)
  const arrived = rows.some((row) => !state.known.has(row.id))
  const known = arrived && !reading ? new Set([...state.known, ...idsOf(rows)]) : state.known
  const present = new Set(idsOf(rows))
  const lingering = state.lingering.filter((row) => !present.has(row.execution.id))
  state.rows.forEach((execution, index) => {
    if (!present.has(execution.id) && action.rescheduled.has(execution.id))
      lingering.push({ execution, index })
  })
  return { ...state, rows, known, changed: changed.size > 0 ? changed : NONE, lingering }
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'answer':
      return takeAnswer(state, action)
    case 'show-held':
      return { ...state, known: new Set([...state.known, ...idsOf(state.rows)]) }
    case 'scrolled':
      return state.scrolled === action.scrolled ? state : { ...state, scrolled: action.scrolled }
    case 'focus':
      return state.focusInList === action.inList ? state : { ...state, focusInList: action.inList }
  }
}

/** The rows to draw: the answer without the held arrivals. */
export function shownRows(state: Pick<ListState, 'rows' | 'known'>): readonly Execution[] {
  return state.rows.filter((row) => state.known.has(row.id))
}

export function heldCount(state: Pick<ListState, 'rows' | 'known'>): number {
  return state.rows.length - state.rows.filter((row) => state.known.has(row.id)).length
}
