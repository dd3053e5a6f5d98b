import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_NAMES } from '../../shared/api/routes.ts'
import { ROUTE_TABLE } from '../../shared/api/table.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import type { ProxyEvent } from '../http/events.ts'
import { startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

interface Parameter {
  name: string
  in: 'query' | 'path'
  required: boolean
  schema: { enum?: string[]; default?: unknown; type?: string }
}
interface Operation {
  operationId: string
  parameters: Parameter[]
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}
interface Document {
  openapi: string
  servers: { url: string }[]
  paths: Record<string, Record<string, Operation>>
}

let api: RunningDemoApi
let store: Store
let dashboard: TestDashboard
let document: Document
const logged: ProxyEvent[] = []

beforeAll(async () => {
  ;({ api } = await startTestApi({ executionCount: 120 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token }
  dashboard = await startTestDashboard({
    env,
    store,
    index: { refreshMs: 100 },
    onEvent: (event) => logged.push(event),
  })
  const answer = await rawRequest(`${dashboard.url}/api/openapi.json`)
  expect(answer.status).toBe(200)
  document = JSON.parse(answer.body) as Document
  // Logged and counted under its own name (it was counted as `links`: /metrics said so).
  expect(logged.map((event) => event.route)).toEqual(['openapi'])
}, 60_000)
afterAll(async () => {
  await dashboard.close()
  await store.close()
  await api.close()
})

/** The operation a script would find in the document by its id, with its path and method. */
function operation(id: string) {
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, found] of Object.entries(methods))
      if (found.operationId === id) return { path, method: method.toUpperCase(), found }
  throw new Error(`no operation ${id}`)
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('holds every route of the table, with its method, role and error codes', () => {
    for (const name of ROUTE_NAMES) {
      const route = ROUTE_TABLE[name]
      const found = document.paths[route.path]?.[route.method.toLowerCase()] as
        (Operation & { 'x-role': string; 'x-error-codes': string[] }) | undefined
      expect([name, found?.operationId, found?.['x-role']]).toEqual([name, name, route.role])
      for (const code of route.errors)
        expect([name, found?.['x-error-codes']]).toEqual([name, expect.arrayContaining([code])])
    }
  })

  it('is enough to call the counts, the failure groups and the trail, whose answers it describes', async () => {
    const ajv = new Ajv2020({ strict: false })
    // What a script would fill in: a value for each parameter it means to set, the rest left to their defaults.
    const values: Record<string, string> = { state: 'failed', window: '24h', size: '5', kind: 'reschedule' }
    for (const id of ['overview', 'triage', 'audit']) {
      const { path, method, found } = operation(id)
      const query = new URLSearchParams()
      for (const parameter of found.parameters) {
        const value = values[parameter.name]
        if (parameter.in === 'query' && value !== undefined) query.set(parameter.name, value)
      }
      const url = `${dashboard.url}${document.servers[0]?.url ?? ''}${path}?${query.toString()}`
      const answer = await rawRequest(url, { method })
      expect([id, answer.status]).toEqual([id, 200])
      const schema = found.responses['200']?.content?.['application/json']?.schema ?? {}
      const valid = ajv.validate(schema, JSON.parse(answer.body))
      expect([id, ajv.errors ?? []]).toEqual([id, []])
      expect(valid).toBe(true)
    }
  })
})
