import { describe, expect, it } from 'vitest'
import { orderedColumns, parseColumnLayout, serializeColumnLayout } from './columnLayout'
import { moveColumn, setColumnHidden } from './columnLayoutEdits'

const IDS = ['id', 'state', 'created_at', 'updated_at']

describe('column layout', () => {
  it('round-trips and skips what is malformed', () => {
    const layout = parseColumnLayout('state,-created_at,id,Bad!,state,,-')
    expect(layout).toEqual({ order: ['state', 'created_at', 'id'], hidden: ['created_at'] })
    expect(serializeColumnLayout(layout)).toBe('state,-created_at,id')
    expect(parseColumnLayout(null)).toEqual({ order: [], hidden: [] })
  })

  it('orders the named columns first and keeps new ones at the end', () => {
    expect(orderedColumns(parseColumnLayout('updated_at,gone'), IDS)).toEqual([
      'updated_at',
      'id',
      'state',
      'created_at',
    ])
  })

  it('moves a column up and down, never past the ends', () => {
    const empty = parseColumnLayout(null)
    expect(moveColumn(empty, IDS, 'state', -1).order).toEqual(['state', 'id', 'created_at', 'updated_at'])
    expect(moveColumn(empty, IDS, 'updated_at', 1).order).toEqual(IDS)
    expect(moveColumn(empty, IDS, 'id', -1).order).toEqual(IDS)
  })

  it('hides and shows a column', () => {
    const hidden = setColumnHidden(parseColumnLayout(null), IDS, 'state', true)
    expect(serializeColumnLayout(hidden)).toBe('id,-state,created_at,updated_at')
    expect(setColumnHidden(hidden, IDS, 'state', false).hidden).toEqual([])
  })
})
