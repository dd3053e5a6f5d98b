/*
 * What every reader of an answer gives back (the list's, the server's own routes', the browser's and the server's
 * alike): the value, or every problem found, each with where it is.
 */
export interface ReadProblem {
  /** Where, e.g. `created_at` or `page_info.end_cursor`; empty for the whole answer. */
  path: string
  message: string
}

export type ReadResult<T> = { ok: true; value: T } | { ok: false; problems: ReadProblem[] }

/** A JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The whole answer is not what was expected: `message` says what was. */
export const notRead = (message: string): ReadResult<never> => ({
  ok: false,
  problems: [{ path: '', message }],
})
