import type { ServerResponse } from 'node:http'
import { sendJsonError } from './json.ts'

/** The streams the whole process holds, shared by every route that streams (and every API's dashboard). */
export interface StreamTotal {
  cap: number
  open: number
}

export const createStreamTotal = (cap: number): StreamTotal => ({ cap, open: 0 })

/**
 * How many long-lived streams (Server-Sent Events) one client address holds: a tab each, and no one client takes
 * the server's connections; and, over every address, the process's cap, kept below the connection cap so requests
 * always find room. `take` answers 429 (the address) or 503 (the process) itself; `give` hands one back.
 */
export function createStreamLimit(perAddress: number, what: string, total: StreamTotal) {
  const streams = new Map<string, number>()
  return {
    take(address: string, res: ServerResponse): boolean {
      if (total.open >= total.cap) {
        res.setHeader('Retry-After', '30')
        sendJsonError(
          res,
          503,
          'too_many_streams',
          `The dashboard holds as many live streams as it may (${total.cap}); try again shortly.`,
        )
        return false
      }
      if ((streams.get(address) ?? 0) >= perAddress) {
        res.setHeader('Retry-After', '30')
        sendJsonError(
          res,
          429,
          'too_many_streams',
          `At most ${perAddress} ${what} per client address; close some tabs.`,
        )
        return false
      }
      streams.set(address, (streams.get(address) ?? 0) + 1)
      total.open += 1
      return true
    },
    give(address: string) {
      total.open = Math.max(0, total.open - 1)
      const left = (streams.get(address) ?? 1) - 1
      if (left > 0) streams.set(address, left)
      else streams.delete(address)
    },
  }
}
