import { afterEach, describe, expect, it } from 'vitest'
import { focusRow, rowInPlaceOf } from './rowLookup'

function table(html: string) {
  document.body.innerHTML = `<table><tbody>${html}</tbody></table>`
}
const row = (id: string) => `<tr tabindex="-1" data-row-id="${id}"><td>${id}</td></tr>`
const departed = (id: string) => `<tr data-departed-id="${id}"><td>${id} left</td></tr>`

afterEach(() => {
  document.body.innerHTML = ''
})

describe('rowInPlaceOf', () => {
  it('finds the row of an id, odd characters and all', () => {
    table(row('a') + row('job/2026 #1 ]'))
    expect(rowInPlaceOf('job/2026 #1 ]')?.dataset.rowId).toBe('job/2026 #1 ]')
  })

  it('gives the row now in the place of one that left the list: the one after it, or the last', () => {
    table(row('a') + departed('b') + row('c'))
    expect(rowInPlaceOf('b')?.dataset.rowId).toBe('c')
    table(row('a') + row('c') + departed('b'))
    expect(rowInPlaceOf('b')?.dataset.rowId).toBe('c')
  })

  it('finds nothing for an id that is neither a row nor a marked place', () => {
    table(row('a'))
    expect(rowInPlaceOf('zzz')).toBeNull()
    expect(focusRow('zzz')).toBe(false)
  })

  it('focuses the row it finds', () => {
    table(row('a') + departed('b') + row('c'))
    expect(focusRow('b')).toBe(true)
    expect((document.activeElement as HTMLElement).dataset.rowId).toBe('c')
  })
})
