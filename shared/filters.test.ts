import { describe, expect, it } from 'vitest'
import { contradictsFilters } from './filters'
import { filtersKey } from './filtersKey'
import { readMetadata, readMetadataValues } from './metadata'

describe('contradictsFilters', () => {
  const filters = { states: ['failed', 'started'], metadata: [{ key: 'env', values: ['prod', 'staging'] }] }

  it('ORs states by meaning and values, ANDs metadata entries', () => {
    expect(contradictsFilters({ state: 'FAILURE', metadata: { env: 'prod' } }, filters)).toBe(false)
    expect(contradictsFilters({ state: 'succeed', metadata: { env: 'prod' } }, filters)).toBe(true)
    expect(contradictsFilters({ state: 'started', metadata: { env: 'dev' } }, filters)).toBe(true)
    expect(contradictsFilters({ state: 'started', metadata: {} }, filters)).toBe(true)
  })

  it('never judges a row without metadata by a metadata filter', () => {
    expect(contradictsFilters({ state: 'failed' }, filters)).toBe(false)
  })

  it('reads metadata sent as an array of key/value pairs', () => {
    const metadata = [{ key: 'env', value: 'prod' }, { key: 'n', value: 1 }, { key: 'o', value: {} }, null]
    expect(readMetadata(metadata)).toEqual({ env: 'prod', n: '1' })
    expect(contradictsFilters({ state: 'failed', metadata }, filters)).toBe(false)
  })

  it('matches numbers, booleans and lists as the API does: by text, and a list by any member', () => {
    const row = { state: 'failed', metadata: { build: 1234, canary: true, tags: ['a', 'b'] } }
    const asks = (key: string, values: string[]) => ({ states: [], metadata: [{ key, values }] })
    expect(contradictsFilters(row, asks('build', ['1234']))).toBe(false)
    expect(contradictsFilters(row, asks('build', ['123']))).toBe(true)
    expect(contradictsFilters(row, asks('canary', ['true']))).toBe(false)
    expect(contradictsFilters(row, asks('tags', ['a']))).toBe(false)
    expect(contradictsFilters(row, asks('tags', ['c', 'b']))).toBe(false)
    expect(contradictsFilters(row, asks('tags', ['c']))).toBe(true)
    expect(readMetadata(row.metadata)).toEqual({ build: '1234', canary: 'true', tags: 'a, b' })
    expect(readMetadataValues({ tags: ['a', 2], odd: ['a', {}], none: null })).toEqual({ tags: ['a', '2'] })
  })
})

describe('filtersKey', () => {
  it('is the same for the same filters in any order', () => {
    const a = filtersKey({
      states: ['b', 'a'],
      metadata: [
        { key: 'y', values: ['2', '1'] },
        { key: 'x', values: ['1'] },
      ],
    })
    const b = filtersKey({
      states: ['a', 'b', 'a'],
      metadata: [
        { key: 'x', values: ['1'] },
        { key: 'y', values: ['1', '2'] },
      ],
    })
    expect(a).toBe(b)
  })
})
