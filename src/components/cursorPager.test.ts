import { describe, expect, it, vi } from 'vitest'
import type { ListPage } from '../api'
import { cursorPager, pagingProblemText, previousCursor } from './cursorPager'

const page = (ids: string[], pageInfo: ListPage<unknown>['page_info']): ListPage<{ id: string }> => ({
  data: ids.map((id) => ({ id })),
  page_info: pageInfo,
})

describe('the cursor pager', () => {
  it('leads Next to the end cursor and Previous back along the trail', () => {
    const onMove = vi.fn()
    const pager = cursorPager({
      page: page(['c', 'd'], { has_next_page: true, end_cursor: 'd' }),
      first: 2,
      position: { after: 'b', trail: ['', 'a'] },
      previous: page(['a', 'b'], { start_cursor: 'a' }),
      onMove,
    })
    expect(pager).toMatchObject({ page: 3, hasPrevious: true, hasNext: true, nextCursor: 'd', problem: null })
    pager.goNext()
    expect(onMove).toHaveBeenLastCalledWith({ after: 'd', trail: ['', 'a', 'b'] })
    pager.goPrevious()
    expect(onMove).toHaveBeenLastCalledWith({ after: 'a', trail: [''] })
    pager.goFirst()
    expect(onMove).toHaveBeenLastCalledWith({ after: null, trail: [] })
  })

  it('catches an API that answers the next page with the same rows again', () => {
    const same = page(['a', 'b'], { has_next_page: true, end_cursor: 'b' })
    const pager = cursorPager({
      page: same,
      first: 2,
      position: { after: 'b', trail: [''] },
      previous: same,
      onMove: vi.fn(),
    })
    expect(pager).toMatchObject({ hasNext: false, problem: 'cursor-ignored' })
    expect(pagingProblemText('cursor-ignored', 'attempts')).toMatch(/did not move to the next page/)
  })

  it('says when the next cursor is longer than a link keeps, instead of a Next that stays put', () => {
    const onMove = vi.fn()
    const pager = cursorPager({
      page: page(['a', 'b'], { has_next_page: true, end_cursor: 'c'.repeat(2_049) }),
      first: 2,
      position: { after: null, trail: [] },
      previous: undefined,
      onMove,
    })
    expect([pager.hasNext, pager.problem]).toEqual([false, 'cursor-too-long'])
    expect(pagingProblemText('cursor-too-long', 'executions')).toBe(
      'The API says more executions follow, but its cursor to reach them is longer than the 2,048 characters a link keeps. Next is turned off.',
    )
    pager.goNext()
    expect(onMove).not.toHaveBeenCalled()
  })

  it('says when more follow without a cursor, and does nothing without a page or a way back', () => {
    const onMove = vi.fn()
    const noCursor = cursorPager({
      page: page(['a', 'b'], { has_next_page: true }),
      first: 2,
      position: { after: null, trail: [] },
      previous: undefined,
      onMove,
    })
    expect(noCursor.problem).toBe('no-cursor')
    expect(pagingProblemText('no-cursor', 'attempts')).toBe(
      'The API says more attempts follow, but sent no cursor to reach them. Next is turned off.',
    )
    noCursor.goNext()
    noCursor.goPrevious()
    expect(onMove).not.toHaveBeenCalled()
    const loading = cursorPager({
      page: undefined,
      first: 2,
      position: { after: null, trail: [] },
      previous: undefined,
      onMove,
    })
    expect(loading).toMatchObject({ hasNext: false, problem: null, page: 1 })
  })

  it('names the page before this one', () => {
    expect(previousCursor({ after: 'c', trail: ['', 'b'] })).toBe('b')
    expect(previousCursor({ after: 'b', trail: [''] })).toBeNull()
    expect(previousCursor({ after: null, trail: [] })).toBeNull()
  })
})
