import { describe, expect, it } from 'vitest'
import type { Execution } from '../../../api'
import {
  heldCount,
  INITIAL_LIST_STATE,
  listReducer,
  shownRows,
  type ListAction,
  type ListState,
} from './listReducer'

const row = (id: string, state = 'started'): Execution => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const answer = (
  rows: Execution[],
  extra: Partial<Extract<ListAction, { type: 'answer' }>> = {},
): ListAction => ({
  type: 'answer',
  viewKey: 'page-1',
  rows,
  isFirstPage: true,
  rescheduled: new Set(),
  ...extra,
})
const run = (...actions: ListAction[]) =>
  actions.reduce<ListState>((state, action) => listReducer(state, action), INITIAL_LIST_STATE)
const ids = (state: ListState) => shownRows(state).map((execution) => execution.id)

describe('listReducer', () => {
  it('shows a new view’s first answer whole', () => {
    const state = run(answer([row('a'), row('b')]))
    expect(ids(state)).toEqual(['a', 'b'])
    expect(heldCount(state)).toBe(0)
  })

  it('shows what arrives in an empty list, scrolled or not: nobody reads "0 executions"', () => {
    const state = run(answer([]), { type: 'scrolled', scrolled: true }, answer([row('a'), row('b')]))
    expect(ids(state)).toEqual(['a', 'b'])
    expect(heldCount(state)).toBe(0)
  })

  it('lets arrivals flow in while nobody reads: first page, top of the page, focus elsewhere', () => {
    const state = run(answer([row('a')]), answer([row('new'), row('a')]))
    expect(ids(state)).toEqual(['new', 'a'])
  })

  it.each<[string, ListAction[]]>([
    ['the page is scrolled', [{ type: 'scrolled', scrolled: true }]],
    ['focus is in the list', [{ type: 'focus', inList: true }]],
  ])('holds arrivals back while %s, and Show lets them in', (_reason, facts) => {
    const held = run(answer([row('a')]), ...facts, answer([row('new'), row('a')]))
    expect(ids(held)).toEqual(['a'])
    expect(heldCount(held)).toBe(1)
    const shown = listReducer(held, { type: 'show-held' })
    expect(ids(shown)).toEqual(['new', 'a'])
  })

  it('holds arrivals back past the first page, where they have moved down from the page before', () => {
    const state = run(
      answer([row('a')], { isFirstPage: false }),
      answer([row('b'), row('a')], { isFirstPage: false }),
    )
    expect(heldCount(state)).toBe(1)
  })

  it('marks rows whose state changed, and updates them in place', () => {
    const state = run(answer([row('a'), row('b')]), answer([row('a', 'failed'), row('b')]))
    expect([...state.changed]).toEqual(['a'])
    expect(shownRows(state)[0]?.state).toBe('failed')
  })

  it('keeps a rescheduled row that left in its old place until the view changes', () => {
    const before = run(answer([row('a'), row('b'), row('c')]))
    const left = listReducer(before, answer([row('a'), row('c')], { rescheduled: new Set(['b']) }))
    expect(left.lingering).toEqual([{ execution: row('b'), index: 1 }])
    const still = listReducer(left, answer([row('a'), row('c'), row('d')]))
    expect(still.lingering).toHaveLength(1)
    const back = listReducer(still, answer([row('a'), row('b', 'created')]))
    expect(back.lingering).toEqual([])
    expect(listReducer(left, answer([row('x')], { viewKey: 'page-2' })).lingering).toEqual([])
  })

  it('lets a row that left without a reschedule go', () => {
    const state = run(answer([row('a'), row('b')]), answer([row('a')]))
    expect(state.lingering).toEqual([])
  })

  it('ignores DOM facts that did not change, and an answer it already has', () => {
    const state = run(answer([row('a')]))
    expect(listReducer(state, { type: 'scrolled', scrolled: false })).toBe(state)
    expect(listReducer(state, { type: 'focus', inList: false })).toBe(state)
    expect(listReducer(state, answer(state.rows as Execution[]))).toBe(state)
  })
})
