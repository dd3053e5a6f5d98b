import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditQuery, AuditTrail } from '../audit/trail.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { serveRoutes } from '../testing/routeTestKit.ts'
import { auditRoute } from './audit.ts'

const asked: AuditQuery[] = []
const trail = {
  list: (query: AuditQuery) => {
    asked.push(query)
    return Promise.resolve({ records: [], hasNext: false, endCursor: null })
  },
} as unknown as AuditTrail

let served: Awaited<ReturnType<typeof serveRoutes>>
let url = ''

beforeAll(async () => {
  served = await serveRoutes({ audit: auditRoute(trail) })
  url = served.url
})
afterAll(() => served.close())

describe('GET /api/audit', () => {
  it('refuses a parameter it does not take, naming it and the ones it takes, and reads nothing', async () => {
    for (const [query, named] of [
      ['limit=-1', '“limit”'],
      ['limit=abc&before=zzz', '“limit”, “before”'],
    ] as const) {
      const answer = await rawRequest(`${url}/api/audit?${query}`)
      expect([query, answer.status, jsonOf(answer).error.code]).toEqual([query, 400, 'bad_request'])
      expect(jsonOf(answer).error.message).toBe(
        `Unknown parameter ${named}: /api/audit takes user, execution, bulk, kind, outcome, from, to, ` +
          'size (records a page, 1 to 500), after (the end_cursor of the page before) and format.',
      )
    }
    expect(asked).toHaveLength(0)
  })

  it('still answers the parameters it takes', async () => {
    const answer = await rawRequest(`${url}/api/audit?size=5&kind=reschedule&user=olga`)
    expect(answer.status).toBe(200)
    expect(asked.at(-1)).toMatchObject({ first: 5, kind: 'reschedule', user: 'olga' })
  })

  it('refuses a cursor the trail did not write, instead of answering its first page', async () => {
    const before = asked.length
    const answer = await rawRequest(`${url}/api/audit?after=zzz`)
    expect([answer.status, jsonOf(answer).error.code]).toEqual([400, 'bad_request'])
    expect(jsonOf(answer).error.message).toBe('after must be the end_cursor of the page before.')
    expect(asked).toHaveLength(before)
    const cursor = Buffer.from(JSON.stringify([1_700_000_000_000, 'r1'])).toString('base64url')
    expect((await rawRequest(`${url}/api/audit?after=${cursor}`)).status).toBe(200)
    expect(asked.at(-1)?.after).toBe(cursor)
  })
})
