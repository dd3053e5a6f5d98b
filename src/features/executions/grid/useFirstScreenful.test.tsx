import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { urgentCount, useFirstScreenful } from './useFirstScreenful'

const rows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => ({ id: `e${from + index}` }))

describe('urgentCount', () => {
  it('draws a new page’s first screenful at once and leaves the rest for later', () => {
    expect(urgentCount(rows(0, 100), [], 30)).toBe(30)
    expect(urgentCount(rows(0, 20), [], 30)).toBe(20)
  })

  it('draws a refresh of rows already drawn at once, however many', () => {
    expect(urgentCount(rows(0, 100), rows(0, 100), 30)).toBe(100)
    // Five arrivals on top of a drawn page: all of it at once.
    expect(urgentCount([...rows(500, 505), ...rows(0, 95)], rows(0, 100), 30)).toBe(100)
  })

  it('counts only rows not drawn before towards the first screenful', () => {
    // The first 40 were drawn; of the next page's rows, 30 new ones come at once after them.
    expect(urgentCount(rows(0, 100), rows(0, 40), 30)).toBe(70)
  })
})

/** The hook over `list`, recording how many rows each render handed over. */
function renderDrawn(list: { id: string }[], waiting?: boolean) {
  const lengths: number[] = []
  const view = renderHook<
    readonly { id: string }[],
    { list: { id: string }[]; waiting?: boolean | undefined }
  >(
    (props) => {
      const drawn = useFirstScreenful(props.list, props.waiting)
      lengths.push(drawn.length)
      return drawn
    },
    { initialProps: { list, waiting } },
  )
  return { ...view, lengths }
}

describe('useFirstScreenful', () => {
  it('hands over the first screenful, then the rest in a later task', async () => {
    const { result, rerender, lengths } = renderDrawn(rows(0, 20))
    expect(result.current).toHaveLength(20)
    const page = rows(100, 200)
    rerender({ list: page })
    await waitFor(() => expect(result.current).toBe(page))
    // The first screenful, then the rest in a task of its own.
    expect([...new Set(lengths.slice(lengths.indexOf(30)))]).toEqual([30, 100])
  })

  it('never hands over the rows of a page that was replaced', async () => {
    const seen: string[] = []
    const { result, rerender } = renderHook(
      ({ list }) => {
        const drawn = useFirstScreenful(list)
        seen.push(drawn[0]?.id ?? '')
        return drawn
      },
      { initialProps: { list: rows(0, 100) } },
    )
    const next = rows(100, 200)
    rerender({ list: next })
    await waitFor(() => expect(result.current).toBe(next))
    // After the rerender, every render draws the new page: the old one never comes back.
    expect(seen.slice(seen.indexOf('e100'))).not.toContain('e0')
  })

  it('draws a page that came with no wait (a prefetched Next) whole, in the same render', () => {
    const { result, rerender, lengths } = renderDrawn(rows(0, 20), false)
    const next = rows(100, 200)
    rerender({ list: next, waiting: false })
    expect(result.current).toBe(next)
    expect(lengths).not.toContain(30)
  })

  it('draws rows that answer a wait the user saw in two steps', async () => {
    const old = rows(0, 20)
    const { result, rerender, lengths } = renderDrawn(old, false)
    // A new page size: the old rows stay, marked stale, until the answer comes.
    rerender({ list: old, waiting: true })
    // The wait ends a render before the rows follow (the live model takes the answer in an effect), and the old
    // rows may come again meanwhile, in an array of their own.
    rerender({ list: old, waiting: false })
    rerender({ list: [...old], waiting: false })
    rerender({ list: rows(100, 200), waiting: false })
    // And the answer may come twice, in arrays of their own, before the rest is drawn.
    const answer = rows(100, 200)
    rerender({ list: answer, waiting: false })
    expect(result.current).toHaveLength(30)
    await waitFor(() => expect(result.current).toBe(answer))
    expect([...new Set(lengths.slice(lengths.indexOf(30)))]).toEqual([30, 100])
  })
})
