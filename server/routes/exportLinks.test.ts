import { afterAll, describe, expect, it } from 'vitest'
import { startTestDashboard } from '../testing/dashboardTestKit.ts'
import { execution, pageOf, startFakeApi } from '../testing/fakeApi.ts'
import { rawRequest } from '../testing/httpTestKit.ts'

const rows = [
  execution(1, 'failed', { env: 'prod' }),
  { ...execution(2, 'failed', {}), id: 'javascript:alert("x")' },
]
const api = await startFakeApi(({ body }) => ({ json: pageOf(rows, body) }))
const LINKS = [
  { label: 'Logs', url: 'https://logs.example.com/?q={id}&from={from_ms}' },
  { label: 'Env', url: 'https://grafana.example.com/?env={metadata.env}' },
  { label: 'Trace', url: 'https://trace.example.com/{attempt.id}' },
]
const dashboard = await startTestDashboard({
  env: {
    EXEC_API_URL: api.url,
    EXEC_API_TOKEN: 'links-token',
    DASHBOARD_LINKS: JSON.stringify(LINKS),
    DASHBOARD_LINKS_MARGIN_MS: '0',
  },
})
afterAll(async () => {
  await dashboard.close()
  await api.close()
})

const exported = (query: string) => rawRequest(`${dashboard.url}/api/export/executions?${query}`)

describe('log links in an export', () => {
  it('adds a column per execution link on request: built per row, empty where a value is missing', async () => {
    const lines = (await exported('format=csv&links=1')).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('id,state,created_at,updated_at,metadata,link:Logs,link:Env')
    const from = Date.parse(rows[0]?.created_at ?? '')
    expect(lines[1]).toMatch(
      new RegExp(
        `,https://logs\\.example\\.com/\\?q=e00001&from=${from},https://grafana\\.example\\.com/\\?env=prod$`,
      ),
    )
    // A hostile id stays inside the link's query; a row without the metadata has no Env link.
    expect(lines[2]).toMatch(/,https:\/\/logs\.example\.com\/\?q=javascript%3Aalert%28%22x%22%29&from=\d+,$/)
  })

  it('puts them under dashboard_links in NDJSON, and adds nothing unless asked', async () => {
    const [first] = (await exported('format=ndjson&links=1')).body.trimEnd().split('\n')
    expect(JSON.parse(first ?? '')).toMatchObject({
      id: 'e00001',
      dashboard_links: {
        Logs: expect.stringMatching(/^https:\/\/logs\.example\.com\//) as unknown,
        Env: 'https://grafana.example.com/?env=prod',
      },
    })
    const plain = (await exported('format=csv')).body.replace(/^\uFEFF/, '').split('\r\n')[0]
    expect(plain).toBe('id,state,created_at,updated_at,metadata')
  })

  it('are listed for the browser at /api/links', async () => {
    const answer = await rawRequest(`${dashboard.url}/api/links`)
    expect(JSON.parse(answer.body)).toEqual({ links: LINKS, marginMs: 0 })
  })
})
