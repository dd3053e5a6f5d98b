import http from 'node:http'
import type { ListBody } from './executionsPage.ts'

interface DemoPage {
  data: { id: string; state: string; metadata?: Record<string, string> }[]
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

function demoGet(path: string, body: ListBody): Promise<DemoPage> {
  const base = new URL(`${process.env.E2E_DEMO_URL ?? ''}${path}`)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      base,
      {
        method: 'GET',
        headers: {
          Authorization: `Bearer ${process.env.E2E_DEMO_TOKEN ?? ''}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as DemoPage))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

export async function demoIds(body: ListBody): Promise<string[]> {
  return (await demoListExecutions(body)).data.map((execution) => execution.id)
}
