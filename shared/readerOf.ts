import { notRead, type ReadResult } from './readResult.ts'

/** A reader from a check that gives null (or undefined) for an answer it cannot read. */
export function readerOf<T>(read: (payload: unknown) => T | null | undefined, expected: string) {
  return (payload: unknown): ReadResult<T> => {
    const value = read(payload)
    return value === null || value === undefined ? notRead(expected) : { ok: true, value }
  }
}
