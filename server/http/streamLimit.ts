import type { ServerResponse } from 'node:http'
import { sendJsonError } from './json.ts'

/**
 * How many long-lived streams (Server-Sent Events) one client address holds: a tab each, and no one client takes
 * the server's connections. `take` answers 429 itself when the address has its share; `give` hands one back.
 */
export function createStreamLimit(perAddress: number, what: string) {
  const streams = new Map<string, number>()
  return {
    take(address: string, res: ServerResponse): boolean {
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
      return true
    },
    give(address: string) {
      const left = (streams.get(address) ?? 1) - 1
      if (left > 0) streams.set(address, left)
      else streams.delete(address)
    },
  }
}
