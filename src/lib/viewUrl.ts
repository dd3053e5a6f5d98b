import { readFilterParams, RUN_PARAM, writeFilterParams } from '../../shared/filterCodec'
import type { ListFilters } from '../../shared/filters'
import { readListSort, SORT_PARAM, type ListSort } from '../../shared/listSort'
import { MAX_CURSOR_TEXT, MAX_TRAIL, normaliseTrail, type CursorPosition } from './cursorTrail'

/*
 * The dashboard's view state as the page URL holds it, and the one place that knows its parameter names
 * (the filters' own through shared/filterCodec, which the server's export reads too). Each part is read on
 * its own and never throws: a malformed value falls back to its default, and a filter that cannot be taken
 * is said in `problems`. A new view parameter is added here (PARAM, and POSITION_PARAMS if it says where
 * the user is rather than what they look at), and saved views, links and Back/Forward follow. The attempts
 * panel's part is panelUrl.ts, what a saved view keeps savedViewUrl.ts; both read the names from here.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

/** The list: its filters (states by meaning, metadata as given), page size, order and cursor position. */
export interface ListView extends ListFilters, CursorPosition {
  states: string[]
  metadata: { key: string; values: string[] }[]
  size: PageSize
  /** An order from the dashboard's index; null: the API's own order. */
  sort: ListSort | null
  /** A bulk run's id: the list shows only the executions it sent (from the index); null: all. */
  run: string | null
}

/** Every parameter name of the view, in one place (the filters' own are shared/filterCodec's). */
export const PARAM = {
  size: 'size',
  sort: SORT_PARAM,
  run: RUN_PARAM,
  after: 'after',
  trail: 'trail',
  skipped: 'skipped',
  execution: 'execution',
  attemptsPrefix: 'a.',
  saveView: 'save-view',
  saveViewTime: 'save-view-time',
} as const

/** Where the user is rather than what they look at: not part of a saved view or a view link. */
export const POSITION_PARAMS: readonly string[] = [PARAM.after, PARAM.trail, PARAM.skipped, PARAM.execution]
export const OFFER_PARAMS: readonly string[] = [PARAM.saveView, PARAM.saveViewTime]
const MAX_TEXT = MAX_CURSOR_TEXT

export const DEFAULT_LIST_VIEW: ListView = {
  states: [],
  metadata: [],
  size: DEFAULT_PAGE_SIZE,
  sort: null,
  run: null,
  after: null,
  trail: [],
  skipped: 0,
}

export const paramsOf = (search: string | URLSearchParams) => new URLSearchParams(search)
const validText = (text: string | null) => text !== null && text.length > 0 && text.length <= MAX_TEXT

export function readPosition(params: URLSearchParams, prefix: string): CursorPosition {
  const cursor = params.get(prefix + PARAM.after)
  const after = validText(cursor) ? cursor : null
  const given = params.getAll(prefix + PARAM.trail)
  const trail = given.length <= MAX_TRAIL && given.every((text) => text.length <= MAX_TEXT) ? given : []
  const skipped = Number(params.get(prefix + PARAM.skipped) ?? 0)
  const valid = Number.isInteger(skipped) && skipped >= 0 && skipped <= 1_000_000
  return { after, trail: normaliseTrail(after, trail), skipped: after !== null && valid ? skipped : 0 }
}

export function writePosition(position: CursorPosition, params: URLSearchParams, prefix: string): void {
  for (const name of [PARAM.after, PARAM.trail, PARAM.skipped]) params.delete(prefix + name)
  if (position.after === null) return
  params.set(prefix + PARAM.after, position.after)
  for (const cursor of position.trail) params.append(prefix + PARAM.trail, cursor)
  if ((position.skipped ?? 0) > 0) params.set(prefix + PARAM.skipped, String(position.skipped))
}

/** The list's view and what in its filters could not be taken. */
export function readListView(search: string): { view: ListView; problems: string[] } {
  const params = paramsOf(search)
  const { filters, problems } = readFilterParams(params)
  const sizeText = params.get(PARAM.size)
  const size = PAGE_SIZES.find((candidate) => String(candidate) === sizeText)
  const { sort, problem } = readListSort(params.get(PARAM.sort))
  const cursor = params.get(PARAM.after)
  const ignored = [
    ...problems,
    ...(problem ? [problem] : []),
    ...(sizeText !== null && size === undefined ? [`size must be one of ${PAGE_SIZES.join(', ')}`] : []),
    ...(cursor !== null && cursor.length > MAX_TEXT ? ['the page cursor is too long to follow'] : []),
  ]
  // Any run id a link gives: the server refuses one that is not a run's with a message the list shows.
  const run = params.get(PARAM.run)
  return {
    view: {
      states: [...filters.states],
      metadata: filters.metadata.map(({ key, values }) => ({ key, values: [...values] })),
      size: size ?? DEFAULT_PAGE_SIZE,
      sort,
      run: validText(run) ? run : null,
      ...readPosition(params, ''),
    },
    problems: ignored,
  }
}

/** The list's view written into the current URL's parameters; the others are kept. */
export function writeListView(view: ListView, current: string | URLSearchParams): URLSearchParams {
  const params = writeFilterParams(view, paramsOf(current))
  if (view.size === DEFAULT_PAGE_SIZE) params.delete(PARAM.size)
  else params.set(PARAM.size, String(view.size))
  if (view.sort === null) params.delete(PARAM.sort)
  else params.set(PARAM.sort, view.sort)
  if (view.run === null) params.delete(PARAM.run)
  else params.set(PARAM.run, view.run)
  writePosition(view, params, '')
  return params
}

export function readOpenExecution(search: string): string | null {
  const id = paramsOf(search).get(PARAM.execution)
  return id ? id : null
}

/** Opens an execution (or closes the panel with null); another execution starts on its attempts' first page. */
export function withOpenExecution(current: string | URLSearchParams, id: string | null): URLSearchParams {
  const params = withoutAttemptsView(current)
  if (id === null) params.delete(PARAM.execution)
  else params.set(PARAM.execution, id)
  return params
}

export function withoutAttemptsView(current: string | URLSearchParams): URLSearchParams {
  const params = paramsOf(current)
  for (const name of [...params.keys()]) if (name.startsWith(PARAM.attemptsPrefix)) params.delete(name)
  return params
}
