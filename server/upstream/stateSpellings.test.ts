import { describe, expect, it } from 'vitest'
import { createStateSpellings, mayTeach } from './stateSpellings.ts'

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

  it('parses an answer only when one of its states is not yet taught', () => {
    const taught = ['', 'STARTED', 'failed'].map((state) => Buffer.from(state))
    const bytes = (text: string) => Buffer.from(text)
    expect(
      mayTeach(
        bytes('{"data":[{"state":"STARTED"},{"state" : "failed","metadata":{"state":"failed"}}]}'),
        taught,
      ),
    ).toBe(false)
    expect(
      mayTeach(bytes('{"data":[{"kind":"state","state":"STARTED"},{"state":null},{"state":3}]}'), taught),
    ).toBe(false)
    expect(mayTeach(bytes('{"data":[{"state":"STARTED"},{"state":"Started"}]}'), taught)).toBe(true)
    expect(mayTeach(bytes('{"data":[{"state":"fail\\u0065d"}]}'), taught)).toBe(true)
    // Cut short, it may be: the parse finds it is no JSON.
    expect(mayTeach(bytes('{"data":[{"state":"fai'), taught)).toBe(true)
    expect(mayTeach(bytes('{"data":[{"state":"STARTEDX"}]}'), taught)).toBe(true)
    expect(mayTeach(bytes('{"data":[{"state":"START"}]}'), taught)).toBe(true)
    expect(mayTeach(bytes('{"data":[{"state":""}]}'), taught)).toBe(false)
    expect(mayTeach(bytes('{"data":[]}'), taught)).toBe(false)
    expect(mayTeach(bytes('{"x":"state"state":"new"}'), taught)).toBe(true)
    expect(mayTeach(bytes('{"x":"state""state":"new"}'), taught)).toBe(true)
    expect(mayTeach(bytes('{"state"\n\t:\r "new"}'), taught)).toBe(true)
    // No JSON (a space JSON does not know): the parse would fail and teach nothing.
    expect(mayTeach(Buffer.from('{"state":\u00a0"new"}', 'latin1'), taught)).toBe(false)

    const spellings = createStateSpellings()
    const answer = (states: string[]) =>
      Buffer.from(JSON.stringify({ data: states.map((state) => ({ state })) }))
    spellings.learnFromAnswer(answer(['STARTED', 'STARTED']))
    expect(spellings.version()).toBe(1)
    spellings.learnFromAnswer(answer(['STARTED', 'Started', 'timed_out']))
    expect(spellings.spell('started')).toEqual(['STARTED', 'Started'])
    expect(spellings.unknown()).toEqual(['timed_out'])
    expect(spellings.version()).toBe(3)
    spellings.learnFromAnswer(answer(['échoué']))
    expect(spellings.unknown()).toEqual(['timed_out', 'échoué'])
    expect(spellings.mayTeach(answer(['échoué', 'Started']))).toBe(false)
    expect(spellings.mayTeach(answer(['échouée']))).toBe(true)
  })

  it('says an answer may teach exactly when a "state" anywhere in it holds a string not taught', () => {
    const spellings = ['', 'ok', 'échoué', 'a.b', 'a|b', '(x)', 'c\\d']
    const taught = (list: string[]) => list.map((state) => Buffer.from(state, 'utf8'))
    let seed = 46
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T
    const values = [...spellings, 'OK', 'ok ', 'a', 'échoue', 'a"b', 'axb', 3, null, true]
    for (let n = 0; n < 2_000; n += 1) {
      const known = spellings.filter(() => random() < 0.7)
      const rows = Array.from({ length: Math.floor(random() * 4) }, () => ({
        id: pick(['state', 'x']),
        state: pick(values),
        metadata: random() < 0.3 ? { state: pick(values) } : {},
      }))
      const text = JSON.stringify({ data: rows }, null, random() < 0.5 ? undefined : 1)
      const states = rows.flatMap((row) => [row.state, (row.metadata as { state?: unknown }).state])
      const untaught = states.some((state) => typeof state === 'string' && !known.includes(state))
      const escaped = states.some(
        (state) => typeof state === 'string' && JSON.stringify(state).includes('\\'),
      )
      expect(mayTeach(Buffer.from(text), taught(known)), text).toBe(untaught || escaped)
    }
  })

  it('finds every "state" key however its bytes overlap, as a search from each byte would', () => {
    const taught = ['', 'ok', 'st'].map((state) => Buffer.from(state))
    const isTaught = (text: string, start: number) =>
      taught.some((state) => text.startsWith(`${state.toString()}"`, start))
    /** The rule read naively: from every byte, `"state"`, JSON's spaces, a colon, spaces, a quote, the value. */
    const naive = (text: string) => {
      for (let at = text.indexOf('"state"'); at !== -1; at = text.indexOf('"state"', at + 1)) {
        const value = /^"state"[ \n\r\t]*:[ \n\r\t]*"/.exec(text.slice(at))
        if (value && !isTaught(text, at + value[0].length)) return true
      }
      return false
    }
    let seed = 48
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
    const alphabet = ['"', 's', 't', 'a', 'e', ':', ' ', 'o', 'k', '"state"', '"state": "']
    for (let n = 0; n < 5_000; n += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('')
      expect(mayTeach(Buffer.from(text), taught), text).toBe(naive(text))
    }
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
