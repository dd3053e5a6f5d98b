import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEarlyKeys, type EarlyKey } from './earlyKeys'

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('createEarlyKeys', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const listening = () => {
    const keys = createEarlyKeys()
    // A document of its own per test: the listener goes with it.
    const doc = document.implementation.createHTMLDocument('keys')
    keys.listen(doc)
    return { keys, doc }
  }

  it('keeps the page’s keys pressed before their handlers, and hands them over in order when each arrives', () => {
    const { keys, doc } = listening()
    const seen: string[] = []
    expect(press('?', {}, doc.body).defaultPrevented).toBe(true)
    press('n', {}, doc.body)
    press('/', {}, doc.body)
    press('e', {}, doc.body)
    press('n', {}, doc.body)
    // `n` waits behind `?`, whose code is not there yet.
    keys.handle('n', (key) => seen.push(key.name))
    expect(seen).toEqual([])
    keys.handle('?', (key) => seen.push(key.name))
    expect(seen).toEqual(['?', 'n'])
    // `/` took what was typed after it: the filter's text, not the keys e and n.
    const slash: EarlyKey[] = []
    keys.handle('/', (key) => slash.push(key))
    expect(slash).toEqual([expect.objectContaining({ name: '/', text: 'en', enter: false })])
    // Once a key has its handler, the handler's own listener hears it: nothing is kept (the filter has focus now).
    const filter = doc.createElement('input')
    doc.body.append(filter)
    press('v', {}, filter)
    const later = press('?', {}, doc.body)
    expect(later.defaultPrevented).toBe(false)
  })

  it('gives Ctrl+K the text typed after it and the Enter that ended it; other chords pass', () => {
    const { keys, doc } = listening()
    press('k', { ctrlKey: true }, doc.body)
    for (const char of 'only failed') press(char, {}, doc.body)
    press('Enter', {}, doc.body)
    expect(press('r', { ctrlKey: true }, doc.body).defaultPrevented).toBe(false)
    const got: EarlyKey[] = []
    keys.handle('Mod+k', (key) => got.push(key))
    expect(got).toEqual([expect.objectContaining({ name: 'Mod+k', text: 'only failed', enter: true })])
  })

  it('goes on giving a handed-over Ctrl+K what is typed until its field has focus (its dialog may still be opening)', () => {
    const { keys, doc } = listening()
    press('k', { ctrlKey: true }, doc.body)
    press('a', {}, doc.body)
    let got: EarlyKey | null = null
    keys.handle('Mod+k', (key) => (got = key))
    // Typed after the handler ran, before the palette's field is there: not the `t` key's command.
    expect(press('t', {}, doc.body).defaultPrevented).toBe(true)
    press('Enter', {}, doc.body)
    expect(got).toMatchObject({ text: 'at', enter: true })
    // Once the field has focus, its keys are its own.
    const field = doc.createElement('input')
    doc.body.append(field)
    expect(press('x', {}, field).defaultPrevented).toBe(false)
    expect(got).toMatchObject({ text: 'at' })
  })

  it('leaves alone keys typed in a field, and drops a key whose moment has passed', () => {
    vi.useFakeTimers()
    const { keys, doc } = listening()
    const field = doc.createElement('input')
    doc.body.append(field)
    expect(press('e', {}, field).defaultPrevented).toBe(false)
    press('g', {}, doc.body)
    vi.advanceTimersByTime(20_000)
    const seen: string[] = []
    keys.handle('g', (key) => seen.push(key.name))
    expect(seen).toEqual([])
  })
})
