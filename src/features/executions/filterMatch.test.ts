import { describe, expect, it } from 'vitest'
import { contradictsFilters } from './filterMatch'

const row = (state: string, metadata?: Record<string, string>) => ({
  id: 'e',
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...(metadata ? { metadata } : {}),
})

describe('contradictsFilters', () => {
  it('reads states as OR, by meaning', () => {
    expect(contradictsFilters(row('FAILED'), ['failed', 'started'], [])).toBe(false)
    expect(contradictsFilters(row('succeeded'), ['failed', 'started'], [])).toBe(true)
    expect(contradictsFilters(row('queued'), ['queued'], [])).toBe(false)
  })

  it('reads metadata entries as AND, and the values of one entry as OR', () => {
    const filters = [
      { key: 'env', values: ['staging', 'prod'] },
      { key: 'team', values: ['t0'] },
    ]
    expect(contradictsFilters(row('failed', { env: 'prod', team: 't0' }), [], filters)).toBe(false)
    // An API that OR'ed the entries would send this one.
    expect(contradictsFilters(row('failed', { env: 'prod', team: 't9' }), [], filters)).toBe(true)
  })

  it('cannot judge metadata on a row that carries none', () => {
    expect(contradictsFilters(row('failed'), [], [{ key: 'env', values: ['prod'] }])).toBe(false)
  })
})
