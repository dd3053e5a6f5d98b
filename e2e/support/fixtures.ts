import { test as base, expect } from '@playwright/test'
import { setCurrentStack, startDashboardStack, type DashboardStack } from './dashboardStack.ts'

type OperationCounts = { list_executions: number; list_attempts: number; reschedule: number }

export interface DemoStats {
  /** Requests a user's actions caused (the dashboard's own index scans left out). */
  requests: OperationCounts
  /** PATCHes that reached the demo, per execution id. */
  reschedules_by_id: Record<string, number>
  /** Reschedules the demo carried out (a PATCH answered by an injected fault is not one). */
  applied_by_id: Record<string, number>
}

export interface DemoReadings {
  rescheduleAnswer?: 'spec' | 'top-level' | '202' | '204' | 'new-execution'
  stateSpelling?: 'spec' | 'upper' | 'succeeded'
}

/** Talks to the demo API's control endpoints directly; the browser never sees this. */
export class DemoControl {
  constructor(
    private readonly origin: string,
    /** The demo API's token, which the server-token dashboard holds and sign-in users type. */
    readonly token: string,
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}/__demo${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`demo control ${method} ${path} answered ${response.status}`)
    const text = await response.text()
    return text ? (JSON.parse(text) as unknown) : null
  }

  reset = () => this.call('POST', '/reset')
  stats = async (): Promise<DemoStats> => {
    const stats = (await this.call('GET', '/stats')) as DemoStats & { background_requests: OperationCounts }
    const requests = { ...stats.requests }
    for (const operation of Object.keys(requests) as (keyof OperationCounts)[])
      requests[operation] -= stats.background_requests[operation]
    return { ...stats, requests }
  }
  addFaults = (rules: unknown[]) => this.call('POST', '/faults', { rules })
  /** One step of the demo's simulation: executions start, finish (some failing) and arrive, all at now. */
  tick = () =>
    this.call('POST', '/simulation/tick') as Promise<{
      started: string[]
      finished: string[]
      retried: string[]
      created: string[]
    }>
  clearFaults = () => this.call('DELETE', '/faults')
  /** Switches the demo to another reading of the spec's open points (reset() switches back). */
  useReadings = (readings: DemoReadings) => this.call('PUT', '/readings', readings)

  /** Makes every executions list call answer 200 with `data` as the one and only page. */
  serveExecutionPage = (data: unknown[]) => {
    const cursor = data.length > 0 ? 'a' : null
    const page_info = { has_next_page: false, has_prev_page: false, start_cursor: cursor, end_cursor: cursor }
    return this.addFaults([
      {
        operation: 'list_executions',
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data, page_info }),
      },
    ])
  }
}

interface TestFixtures {
  demo: DemoControl
  /** Which dashboard server the test's page opens: the one holding the token, or the sign-in one. */
  dashboard: 'server-token' | 'sign-in'
}

export const test = base.extend<TestFixtures, { stack: DashboardStack }>({
  stack: [
    async ({}, use) => {
      const stack = await startDashboardStack()
      setCurrentStack(stack)
      await use(stack)
      setCurrentStack(null)
      await stack.close()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  dashboard: ['server-token', { option: true }],
  baseURL: async ({ stack, dashboard }, use) => {
    await use(dashboard === 'sign-in' ? stack.signInBaseURL : stack.baseURL)
  },
  // Every test starts from the seeded data, whether or not it asks for the demo fixture.
  demo: [
    async ({ stack }, use) => {
      const demo = new DemoControl(stack.demoOrigin, stack.demoToken)
      await demo.reset()
      await use(demo)
    },
    { auto: true },
  ],
})

export { expect }
