import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api'
import { DEFAULT_LIST_VIEW } from '../../../lib/viewUrl'
import { listContent, listSummary } from './listContent'

const empty = { data: [], page_info: {} }
const rows = { data: [{ id: 'e1', state: 'failed', created_at: '', updated_at: '' }], page_info: {} }

describe('what the list’s place shows', () => {
  it('an error before any rows, and whether Back to the first page can help', () => {
    const refused = new ApiError({ kind: 'http', status: 400, message: 'bad cursor' })
    const paged = { ...DEFAULT_LIST_VIEW, after: 'c1', trail: [''] }
    expect(listContent({ view: paged, page: undefined, isPlaceholder: false, error: refused })).toEqual({
      kind: 'failed',
      error: refused,
      cursorRefused: true,
    })
    expect(
      listContent({ view: DEFAULT_LIST_VIEW, page: undefined, isPlaceholder: false, error: refused }),
    ).toMatchObject({
      cursorRefused: false,
    })
    // The dashboard's own refusals: its index refusing a cursor it did not write is the cursor's; an id it cannot
    // address is not, and the first page would not help.
    const ownRefusal = (code: string) =>
      new ApiError({ kind: 'http', status: 400, code, message: 'refused', origin: 'dashboard' })
    const refusedBy = (code: string) =>
      listContent({ view: paged, page: undefined, isPlaceholder: false, error: ownRefusal(code) })
    expect(refusedBy('bad_request')).toMatchObject({ cursorRefused: true })
    expect(refusedBy('id_not_addressable')).toMatchObject({ cursorRefused: false })
  })

  it('one of the empty states, by what led there', () => {
    const filtered = { ...DEFAULT_LIST_VIEW, states: ['failed'] }
    const paged = { ...DEFAULT_LIST_VIEW, after: 'c1', trail: [''] }
    expect(listContent({ view: filtered, page: empty, isPlaceholder: false, error: null }).kind).toBe(
      'no-match',
    )
    // A bulk run none of whose executions the list can show: not "no executions yet".
    const run = { ...DEFAULT_LIST_VIEW, run: 'run-0123abcd' }
    expect(listContent({ view: run, page: empty, isPlaceholder: false, error: null }).kind).toBe('no-match')
    expect(listContent({ view: paged, page: empty, isPlaceholder: false, error: null }).kind).toBe(
      'empty-page',
    )
    expect(
      listContent({ view: DEFAULT_LIST_VIEW, page: empty, isPlaceholder: false, error: null }).kind,
    ).toBe('none-yet')
    expect(listContent({ view: DEFAULT_LIST_VIEW, page: empty, isPlaceholder: true, error: null }).kind).toBe(
      'rows',
    )
  })

  it('an empty page that says more follow is neither "none match" nor the end', () => {
    const more = { data: [], page_info: { has_next_page: true, end_cursor: 'c2' } }
    const filtered = { ...DEFAULT_LIST_VIEW, states: ['failed'], after: 'c1', trail: [''] }
    expect(listContent({ view: filtered, page: more, isPlaceholder: false, error: null }).kind).toBe(
      'empty-more',
    )
  })

  it('no rows of a window from an index that is still counting is not "none": it says so', () => {
    const counting = {
      ...empty,
      coverage: { kind: 'counting' as const, executions: 40, estimate: null, calls: 1 },
    }
    const filtered = { ...DEFAULT_LIST_VIEW, states: ['failed'] }
    expect(listContent({ view: filtered, page: counting, isPlaceholder: false, error: null })).toEqual({
      kind: 'counting',
      coverage: counting.coverage,
    })
    const exact = { ...empty, coverage: { kind: 'exact' as const, asOf: 0, executions: 40, calls: 1 } }
    expect(listContent({ view: filtered, page: exact, isPlaceholder: false, error: null }).kind).toBe(
      'no-match',
    )
  })

  it('the rows, with a refresh that failed said above them', () => {
    const failed = new Error('down')
    expect(listContent({ view: DEFAULT_LIST_VIEW, page: rows, isPlaceholder: false, error: failed })).toEqual(
      {
        kind: 'rows',
        refreshError: failed,
      },
    )
    expect(listSummary(20, 3, true)).toBe('20 executions on page 3; more after it')
    expect(listSummary(4, 1, false)).toBe('4 executions on page 1; the last page')
  })
})
