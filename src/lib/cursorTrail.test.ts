import { describe, expect, it } from 'vitest'
import {
  MAX_TRAIL,
  previousSkipsPages,
  firstPage,
  nextPage,
  normaliseTrail,
  pageNumber,
  previousPage,
  type CursorPosition,
} from './cursorTrail'

const start: CursorPosition = { after: null, trail: [] }

describe('cursor trail', () => {
  it('walks forward three pages and back to the first', () => {
    const page2 = nextPage(start, 'c1')
    const page3 = nextPage(page2, 'c2')
    const page4 = nextPage(page3, 'c3')
    expect(page4).toEqual({ after: 'c3', trail: ['', 'c1', 'c2'] })
    expect(pageNumber(page4)).toBe(4)

    const back3 = previousPage(page4)
    expect(back3).toEqual(page3)
    const back2 = previousPage(back3)
    expect(back2).toEqual(page2)
    const back1 = previousPage(back2)
    expect(back1).toEqual(start)
    expect(pageNumber(back1)).toBe(1)
  })

  it('stays on the first page when going back from it', () => {
    expect(previousPage(start)).toBe(start)
  })

  it('keeps other fields of the position', () => {
    const position = { after: 'c1', trail: [''], size: 50 }
    expect(firstPage(position)).toEqual({ after: null, trail: [], size: 50 })
    expect(nextPage(position, 'c2').size).toBe(50)
  })

  it('repairs trails from hand-edited links', () => {
    expect(normaliseTrail(null, ['', 'c1'])).toEqual([])
    expect(normaliseTrail('c5', [])).toEqual([''])
    expect(normaliseTrail('c2', ['', 'c1'])).toEqual(['', 'c1'])
  })
})

describe('a long walk', () => {
  it('keeps the first page and the newest cursors, and page numbers stay true', () => {
    let position: CursorPosition = { after: null, trail: [] }
    for (let page = 1; page <= MAX_TRAIL + 5; page += 1) position = nextPage(position, `c${page}`)
    expect(position.trail).toHaveLength(MAX_TRAIL)
    expect(position.trail[0]).toBe('')
    expect(pageNumber(position)).toBe(MAX_TRAIL + 6)
    expect(previousPage(position)).toMatchObject({ after: `c${MAX_TRAIL + 4}` })
    while (!previousSkipsPages(position)) position = previousPage(position)
    expect(pageNumber(position)).toBe(7)
    expect(previousPage(position)).toMatchObject({ after: null, trail: [], skipped: 0 })
  })
})
