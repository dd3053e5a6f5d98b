import * as z from 'zod/mini'

/*
 * Query parameters as the routes take them: each one a string on the wire, read into what the route uses, and
 * refused in words that name it (the words are what the browser shows, so each check carries them).
 */

/** A whole number from `min` to `max` (`fallback` when absent), refused as `<name> must be a whole number from…`. */
export function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const error = `${name} must be a whole number from ${min} to ${max}`
  return z._default(
    z.coerce.number({ error }).check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error })),
    fallback,
  )
}

/**
 * No NUL character: the dashboard records what it is given (the trail, notes, watches) in PostgreSQL, whose text
 * cannot hold one; refused as what it is, rather than failing to be written.
 */
export const noNul = (name: string) =>
  z.refine<string>((value) => !value.includes('\u0000'), {
    error: `${name} must not contain a NUL character`,
  })

/** Text of at most `max` characters; absent or empty is not given. */
export const text = (name: string, max: number) =>
  z.optional(
    z.string().check(z.maxLength(max, { error: `${name} is longer than ${max} characters` }), noNul(name)),
  )

/** A cursor a page of the route wrote: 1 to `max` characters. */
export const cursor = (name: string, max: number, error: string) =>
  z.optional(z.string().check(z.minLength(1, { error }), z.maxLength(max, { error })))

/** `0` or `1`. */
export const flag = (name: string) => z.optional(z.enum(['0', '1'], { error: `${name} must be 0 or 1` }))

/** One of `values`, refused with the words given. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.optional(z.enum(values, { error }))

/** Any text the route reads leniently (an unknown value means the default). */
export const lenient = () => z.optional(z.string())
