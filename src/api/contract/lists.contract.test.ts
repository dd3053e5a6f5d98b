import { afterEach, describe, expect, it } from 'vitest'
import { installFakeApi, type FakeApiAnswer, type InstalledFakeApi } from '../../test/fakeApi'
import { setUpMswServer } from '../../test/mswServer'
import { listAttempts } from '../attempts'
import { listExecutions } from '../executions'
import { nextPageOf } from '../listPage'

const item = (id: string) => ({
  id,
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const items = (count: number) => Array.from({ length: count }, (_, i) => item(`e${i}`))
setUpMswServer()
let api: InstalledFakeApi | null = null
afterEach(() => api?.restore())

async function pageFrom(answer: FakeApiAnswer, first = 3) {
  api = installFakeApi(() => answer)
  const page = await listExecutions({ first })
  return { page, next: nextPageOf(page, first) }
}

/** Readings of "page fields other than first": what a page answer may leave out. */
describe('paging readings', () => {
  it('the spec: has_next_page and end_cursor', async () => {
    const { next } = await pageFrom({
      status: 200,
      body: {
        data: items(3),
        page_info: { has_next_page: true, has_prev_page: false, start_cursor: 'a', end_cursor: 'c' },
      },
    })
    expect(next).toEqual({ kind: 'cursor', cursor: 'c', certain: true })
  })

  it('no has_next_page with a full page: maybe more', async () => {
    const { next } = await pageFrom({ status: 200, body: { data: items(3), page_info: { end_cursor: 'c' } } })
    expect(next).toEqual({ kind: 'cursor', cursor: 'c', certain: false })
  })

  it('no has_next_page with a short page: the end', async () => {
    const { next } = await pageFrom({ status: 200, body: { data: items(2), page_info: { end_cursor: 'c' } } })
    expect(next).toEqual({ kind: 'none' })
  })

  it('a capped first: fewer rows than asked but has_next_page true still pages on', async () => {
    const { next } = await pageFrom(
      { status: 200, body: { data: items(2), page_info: { has_next_page: true, end_cursor: 'b' } } },
      100,
    )
    expect(next).toEqual({ kind: 'cursor', cursor: 'b', certain: true })
  })

  it('more promised but no cursor given', async () => {
    const { next } = await pageFrom({
      status: 200,
      body: { data: items(3), page_info: { has_next_page: true } },
    })
    expect(next).toEqual({ kind: 'no-cursor' })
  })

  it('an empty page that says more follow still leads on (not "the last page")', async () => {
    const { next } = await pageFrom({
      status: 200,
      body: { data: [], page_info: { has_next_page: true, end_cursor: 'c-empty' } },
    })
    expect(next).toEqual({ kind: 'cursor', cursor: 'c-empty', certain: true })
  })

  it('data: null and no page_info on an empty list', async () => {
    const { page, next } = await pageFrom({ status: 200, body: { data: null } })
    expect(page.data).toEqual([])
    expect(next).toEqual({ kind: 'none' })
  })

  it('attempts are read the same way, row by row', async () => {
    api = installFakeApi(() => ({ status: 200, body: { data: [item('a1'), { id: 'a2', state: 'failed' }] } }))
    const page = await listAttempts('e1', { first: 10 })
    expect(page.data.map((attempt) => attempt.id)).toEqual(['a1'])
    expect(page.rejected?.[0]).toMatchObject({
      id: 'a2',
      problems: [expect.stringMatching(/^created_at/), expect.stringMatching(/^updated_at/)],
    })
  })
})

/** Readings of "error body shape": the API's own words are shown whichever shape carries them. */
describe('error readings', () => {
  it.each([
    ['{"message": …}', { message: 'slow down' }, 'slow down'],
    ['{"error": {"message": …}}', { error: { code: 'x', message: 'nested' } }, 'nested'],
    ['{"errors": [{"message": …}]}', { errors: [{ message: 'first of many' }] }, 'first of many'],
    [
      'OAuth error_description',
      { error: 'invalid_token', error_description: 'token expired' },
      'token expired',
    ],
    [
      'RFC 7807 detail',
      { type: 'about:blank', title: 'Bad Request', detail: 'page.first too large' },
      'page.first too large',
    ],
    ['RFC 7807 title only', { type: 'about:blank', title: 'Service Unavailable' }, 'Service Unavailable'],
    ['plain text', 'upstream connect error', 'upstream connect error'],
    ['an HTML page', '<html><title>502 Bad Gateway</title><body>nginx</body></html>', '502 Bad Gateway'],
  ])('%s', async (_name, body, message) => {
    const headers = typeof body === 'string' ? { 'Content-Type': 'text/html' } : undefined
    api = installFakeApi(() => ({ status: 503, body, headers }))
    await expect(listExecutions({ first: 3 })).rejects.toMatchObject({ status: 503, message })
  })
})
