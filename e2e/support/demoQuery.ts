import { rawRequest } from '../../server/testing/httpTestKit.ts'
import { currentStack } from './dashboardStack.ts'
import type { ListBody } from './executionsPage.ts'

interface DemoPage {
  data: {
    id: string
    state: string
    created_at: string
    updated_at: string
    metadata?: Record<string, string>
  }[]
  page_info: { has_next_page: boolean; end_cursor: string | null }
}

/** Asks the demo API directly (a real GET with a body), to know what the dashboard should show. */
export function demoListExecutions(body: ListBody): Promise<DemoPage> {
  return demoGet('/executions', body)
}

export async function demoAttemptIds(executionId: string, body: ListBody): Promise<string[]> {
  const page = await demoGet(`/executions/${encodeURIComponent(executionId)}/attempts`, body)
  return page.data.map((attempt) => attempt.id)
}

async function demoGet(path: string, body: ListBody): Promise<DemoPage> {
  const { demoUrl, demoToken } = currentStack()
  const response = await rawRequest(`${demoUrl}${path}`, {
    method: 'GET',
    headers: {
      Authorization: `Bearer ${demoToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return JSON.parse(response.body) as DemoPage
}

export async function demoIds(body: ListBody): Promise<string[]> {
  return (await demoListExecutions(body)).data.map((execution) => execution.id)
}

/** Every execution the demo API lists for `filters`, over all pages. */
export async function allDemoExecutions(filters: ListBody['filters']): Promise<DemoPage['data']> {
  const rows: DemoPage['data'] = []
  let after: string | undefined
  for (;;) {
    const page = await demoListExecutions({ page: after ? { first: 100, after } : { first: 100 }, filters })
    rows.push(...page.data)
    if (!page.page_info.has_next_page || !page.page_info.end_cursor) return rows
    after = page.page_info.end_cursor
  }
}
