import { describe, expect, it } from 'vitest'
import {
  deleteView,
  EMPTY_VIEWS,
  findViewByQuery,
  importViews,
  MAX_VIEWS,
  parseStoredViews,
  renameView,
  saveView,
  serializeViews,
  setDefaultView,
  type ViewsState,
} from './savedViews'

let counter = 0
const nextId = () => `id-${++counter}`
const failed = {
  name: 'Failed payments',
  query: 'm.team=payments&state=failed',
  time: 'utc' as const,
  columns: 'state,-created_at',
  density: 'compact' as const,
}

describe('saved views', () => {
  it('round-trips through storage', () => {
    const state = setDefaultView(
      saveView(EMPTY_VIEWS, failed, () => 'a'),
      'a',
    )
    expect(parseStoredViews(serializeViews(state))).toEqual(state)
    expect(JSON.parse(serializeViews(state))).toMatchObject({ version: 1 })
  })

  it('reads a missing, corrupt or foreign store as no views', () => {
    for (const raw of [null, '', '{', 'null', '42', '"views"', '{"views":{}}']) {
      expect(parseStoredViews(raw)).toEqual(EMPTY_VIEWS)
    }
  })

  it('degrades field by field: a bad view is dropped, a bad field falls back, the rest survive', () => {
    const stored = JSON.stringify({
      version: 0,
      views: [
        { id: 'a', name: 'Kept', query: 'state=failed', time: 'relative' },
        { id: 'b', name: '', query: 'state=failed' },
        { id: 'c', name: 'Old version, no time', query: 'size=50' },
        { id: 'd', name: 'Odd time and query', query: 42, time: 'sideways' },
        'not a view',
        { id: 'a', name: 'Duplicate id' },
      ],
      defaultId: 'b',
    })
    expect(parseStoredViews(stored)).toEqual({
      views: [
        { id: 'a', name: 'Kept', query: 'state=failed', time: 'relative', columns: null, density: null },
        { id: 'c', name: 'Old version, no time', query: 'size=50', time: null, columns: null, density: null },
        { id: 'd', name: 'Odd time and query', query: '', time: null, columns: null, density: null },
      ],
      defaultId: null,
    })
  })

  it('finds the view on screen by the list part of the URL, in any order', () => {
    const state = saveView(EMPTY_VIEWS, { ...failed, name: 'x', query: 'm.env=prod&state=failed' }, nextId)
    expect(findViewByQuery(state, '?state=failed&m.env=prod&after=zz')?.name).toBe('x')
    expect(findViewByQuery(state, '?state=failed')).toBeUndefined()
  })

  it('saving under a taken name (any case) replaces that view and keeps its id', () => {
    const first = saveView(EMPTY_VIEWS, failed, () => 'a')
    const second = saveView(first, { ...failed, name: 'FAILED payments ', query: 'state=failed' }, () => 'b')
    expect(second.views).toEqual([{ ...failed, id: 'a', name: 'FAILED payments ', query: 'state=failed' }])
  })

  it('renames, refusing a name another view has', () => {
    let state: ViewsState = saveView(EMPTY_VIEWS, failed, () => 'a')
    state = saveView(state, { ...failed, name: 'Other' }, () => 'b')
    expect(renameView(state, 'a', 'other')).toBe(state)
    expect(renameView(state, 'a', 'Payments').views[0]?.name).toBe('Payments')
  })

  it('deleting the default view leaves no default', () => {
    const state = setDefaultView(
      saveView(EMPTY_VIEWS, failed, () => 'a'),
      'a',
    )
    expect(deleteView(state, 'a')).toEqual(EMPTY_VIEWS)
    expect(setDefaultView(state, 'missing').defaultId).toBeNull()
  })

  it('stops at the most views it keeps', () => {
    let state: ViewsState = EMPTY_VIEWS
    for (let index = 0; index < MAX_VIEWS + 3; index += 1) {
      state = saveView(state, { ...failed, name: `v${index}` }, nextId)
    }
    expect(state.views).toHaveLength(MAX_VIEWS)
  })

  it('imports an exported file, replacing by name, adding the rest, counting what it skipped', () => {
    const mine = saveView(EMPTY_VIEWS, failed, () => 'mine')
    const file = serializeViews({
      views: [
        { id: 'x', name: 'failed payments', query: 'state=failed', time: null, columns: null, density: null },
        {
          id: 'y',
          name: 'Started',
          query: 'state=started',
          time: 'local',
          columns: 'id',
          density: 'compact',
        },
      ],
      defaultId: 'y',
    })
    const withJunk = file.replace('"views":[', '"views":[{"name":""},')
    const result = importViews(mine, withJunk, () => 'new')
    expect(result).toMatchObject({ added: 1, replaced: 1, skipped: 1 })
    expect(result?.state.views.map((view) => [view.id, view.name, view.query])).toEqual([
      ['mine', 'failed payments', 'state=failed'],
      ['new', 'Started', 'state=started'],
    ])
    expect(result?.state.defaultId).toBeNull()
    expect(importViews(mine, 'not json', nextId)).toBeNull()
    expect(importViews(mine, '{"something":"else"}', nextId)).toBeNull()
  })
})
