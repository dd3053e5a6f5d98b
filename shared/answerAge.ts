/**
 * The header on a relayed read, and the `age` of a live stream's page: milliseconds since the upstream call
 * that answered was sent. A tab turns it into "asked at" in its own clock, so pages from its own reads and
 * from the stream can be ordered without trusting the server's clock.
 */
export const ANSWER_AGE_HEADER = 'X-Answer-Age'

/** When an answer was asked for, in the reader's clock: its arrival less its age (an unknown age: arrival). */
export function askedAtOf(age: unknown, arrivedAt: number): number {
  const ms = typeof age === 'string' && age.trim() !== '' ? Number(age) : age
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? arrivedAt - ms : arrivedAt
}
