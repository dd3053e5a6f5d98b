import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { executionListQuery, type Execution } from '../../../api'
import { metadataSuggestions } from './useMetadataSuggestions'

/** A row that counts how often its metadata is read. */
function countedRow(id: string, metadata: Record<string, unknown>, reads: { count: number }): Execution {
  const row = { id, state: 'failed', created_at: '2026-11-25T09:00:00Z', updated_at: '2026-11-25T09:00:00Z' }
  Object.defineProperty(row, 'metadata', {
    enumerable: true,
    get: () => {
      reads.count += 1
      return metadata
    },
  })
  return row
}

const page = (data: Execution[]) => ({ data, page_info: { has_next_page: false, end_cursor: null } })

describe('metadata suggestions', () => {
  it('reads each page’s rows once, answers the same object while the pages are the same, and reads a new page', () => {
    const client = new QueryClient()
    const reads = { count: 0 }
    const first = [
      countedRow('a', { env: 'prod' }, reads),
      countedRow('b', { env: 'dev', team: 'ml' }, reads),
    ]
    client.setQueryData(executionListQuery({ first: 20 }).queryKey, page(first))
    const reading = { pairs: new WeakMap(), last: null }

    const suggestions = metadataSuggestions(client, reading)
    expect(suggestions).toEqual({ env: ['dev', 'prod'], team: ['ml'] })
    expect(reads.count).toBe(2)
    // A refresh that changed nothing: the same rows, no row read again, the same answer.
    expect(metadataSuggestions(client, reading)).toBe(suggestions)
    expect(reads.count).toBe(2)

    // Another page: only its rows are read.
    client.setQueryData(
      executionListQuery({ first: 20, after: 'c1' }).queryKey,
      page([countedRow('c', { region: 'eu' }, reads)]),
    )
    expect(metadataSuggestions(client, reading)).toEqual({
      env: ['dev', 'prod'],
      region: ['eu'],
      team: ['ml'],
    })
    expect(reads.count).toBe(3)
  })

  it('suggests each value a filter can match: a number as its text, each member of a list', () => {
    const client = new QueryClient()
    const reads = { count: 0 }
    const rows = [countedRow('a', { build: 1234, tags: ['a', 'b'] }, reads)]
    client.setQueryData(executionListQuery({ first: 20 }).queryKey, page(rows))
    expect(metadataSuggestions(client, { pairs: new WeakMap(), last: null })).toEqual({
      build: ['1234'],
      tags: ['a', 'b'],
    })
  })
})
