import { describe, expect, it } from 'vitest'
import { createStateSpellings } from './stateSpellings.ts'

describe('the one speller', () => {
  it('sends the spec spelling before any answer, then every spelling seen for a meaning', () => {
    const spellings = createStateSpellings()
    expect(spellings.spell('failed')).toEqual(['failed'])
    expect(spellings.spell('FAILED')).toEqual(['failed'])
    spellings.learn(['FAILED', 'Failed', 'succeeded', 'queued'])
    expect(spellings.spell('failed')).toEqual(['FAILED', 'Failed'])
    expect(spellings.spell('succeed')).toEqual(['succeeded'])
    expect(spellings.spell('queued')).toEqual(['queued'])
    expect(spellings.unknown()).toEqual(['queued'])
  })

  it('reads a list answer’s rows, and nothing from another shape', () => {
    const spellings = createStateSpellings()
    const answer = (value: unknown) => Buffer.from(JSON.stringify(value))
    for (const odd of [answer({ data: 'x' }), answer(null), answer([1]), Buffer.from('{')])
      spellings.learnFromAnswer(odd)
    expect(spellings.version()).toBe(0)
    spellings.learnFromAnswer(answer({ data: [{ state: 'STARTED' }, null, { state: 3 }, { id: 'x' }] }))
    expect(spellings.spell('started')).toEqual(['STARTED'])
    expect(spellings.version()).toBe(1)
  })

  it('gives back what the store kept, and counts only what is new', () => {
    const first = createStateSpellings()
    first.learn(['FAILED', 'timed_out'])
    const again = createStateSpellings()
    again.restore(first.snapshot())
    expect(again.snapshot()).toEqual({ failed: ['FAILED'], unknown: ['timed_out'] })
    const version = again.version()
    again.learn(['FAILED', 'timed_out'])
    expect(again.version()).toBe(version)
  })
})
