import { describe, expect, it } from 'vitest'
import { withShownRun } from './shownRun'
import {
  DEFAULT_LIST_VIEW,
  readListView,
  readOpenExecution,
  withOpenExecution,
  writeListView,
  type ListView,
} from './viewUrl'

describe('the list’s view in the URL', () => {
  it('gives the defaults for an empty URL', () => {
    expect(readListView('')).toEqual({ view: DEFAULT_LIST_VIEW, problems: [] })
  })

  it('reads every field', () => {
    const { view } = readListView(
      '?state=failed&state=started&m.env=prod&m.env=staging&m.region=eu&size=50&sort=updated&run=run-0123abcd&after=c2&trail=&trail=c1',
    )
    expect(view).toEqual({
      states: ['failed', 'started'],
      metadata: [
        { key: 'env', values: ['prod', 'staging'] },
        { key: 'region', values: ['eu'] },
      ],
      size: 50,
      sort: 'updated',
      run: 'run-0123abcd',
      after: 'c2',
      trail: ['', 'c1'],
      skipped: 0,
    })
  })

  it.each([
    ['?size=7', { size: 20 }],
    ['?size=abc', { size: 20 }],
    ['?size=1e9', { size: 20 }],
    ['?state=queued&state=FAILED&state=failed', { states: ['queued', 'failed'] }],
    ['?after=', { after: null, trail: [] }],
    ['?trail=c1&trail=c2', { after: null, trail: [] }],
    ['?after=c9', { after: 'c9', trail: [''] }],
    ['?after=c9&skipped=-3', { after: 'c9', trail: [''], skipped: 0 }],
    ['?after=c9&trail=c1&skipped=4', { after: 'c9', trail: ['c1'], skipped: 4 }],
    ['?%E0%A4%A', {}],
    [`?after=${'x'.repeat(5000)}`, { after: null }],
    [
      `?after=c9&${Array.from({ length: 21 }, (_, i) => `trail=c${i}`).join('&')}`,
      { after: 'c9', trail: [''] },
    ],
  ])('reads %s field by field, with safe values', (url, expected) => {
    expect(readListView(url).view).toEqual({ ...DEFAULT_LIST_VIEW, ...expected })
  })

  it('says which filters of a link it could not take, instead of dropping them silently', () => {
    const { view, problems } = readListView(`?m.=x&m.env=&state=${'x'.repeat(5000)}`)
    expect(view).toEqual(DEFAULT_LIST_VIEW)
    expect(problems).toEqual([
      'a state is longer than 2048 characters',
      'a metadata filter needs a key and a value',
    ])
  })

  it('keeps odd characters in metadata', () => {
    const params = new URLSearchParams()
    params.append('m.pipe line', '<b>nightly</b> & backfill')
    expect(readListView(`?${params}`).view.metadata).toEqual([
      { key: 'pipe line', values: ['<b>nightly</b> & backfill'] },
    ])
  })

  it('round-trips and keeps the parameters other parts own', () => {
    const view: ListView = {
      states: ['failed'],
      metadata: [{ key: 'a&b', values: ['x=y', 'z'] }],
      size: 100,
      sort: 'state',
      run: 'run-0123abcd',
      after: 'c2',
      trail: ['', 'c1'],
      skipped: 4,
    }
    const params = writeListView(view, '?execution=e1&state=created&size=10&a.state=failed')
    expect(params.get('execution')).toBe('e1')
    expect(params.getAll('a.state')).toEqual(['failed'])
    expect(readListView(`?${params}`).view).toEqual(view)
  })

  it('reads an order of the index, and says why it drops one it does not know', () => {
    expect(readListView('?sort=duration').view.sort).toBe('duration')
    const { view, problems } = readListView('?sort=newest')
    expect(view.sort).toBeNull()
    expect(problems).toEqual(['sort must be one of created, updated, state, duration'])
  })

  it('says when a link’s page size or cursor cannot be used, instead of dropping it unseen', () => {
    const { view, problems } = readListView(`?size=7&after=${'c'.repeat(5000)}`)
    expect(view.size).toBe(20)
    expect(view.after).toBeNull()
    expect(problems).toEqual(['size must be one of 10, 20, 50, 100', 'the page cursor is too long to follow'])
    expect(readListView('?size=50&after=abc').problems).toEqual([])
  })

  it('takes a bulk run’s id as the link gives it (the server refuses one that is not a run’s), unless too long', () => {
    expect(readListView('?run=3f2a9c1e-77aa-4c1b-9e1f-0a0b0c0d0e0f').view.run).toBe(
      '3f2a9c1e-77aa-4c1b-9e1f-0a0b0c0d0e0f',
    )
    expect(readListView(`?run=${'x'.repeat(5000)}`).view.run).toBeNull()
    expect(readListView('?run=').view.run).toBeNull()
  })

  it('leaves defaults out of the URL', () => {
    expect(writeListView(DEFAULT_LIST_VIEW, '').toString()).toBe('')
  })
})

describe('the open execution', () => {
  it('opens an execution on its attempts’ first page, and closes it with the panel’s parameters', () => {
    const current = '?state=failed&execution=e1&a.state=failed&a.after=c2&a.trail='
    expect(readOpenExecution(current)).toBe('e1')
    expect(withOpenExecution(current, 'e2').toString()).toBe('state=failed&execution=e2')
    expect(withOpenExecution(current, null).toString()).toBe('state=failed')
    expect(readOpenExecution('?execution=')).toBeNull()
  })
})

describe('a bulk run shown in the list', () => {
  it('clears the filters, the time window and the page, and keeps the open execution', () => {
    const params = withShownRun(
      '?state=failed&m.env=production&window=1h&after=c2&execution=e1&size=50',
      'run-0123abcd',
    )
    expect(params.get('run')).toBe('run-0123abcd')
    expect(params.get('execution')).toBe('e1')
    expect(params.get('size')).toBe('50')
    for (const name of ['state', 'm.env', 'window', 'after']) expect(params.has(name)).toBe(false)
  })
})
