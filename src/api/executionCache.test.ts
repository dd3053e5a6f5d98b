import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  findSourcedExecution,
  patchExecutionInLists,
  rememberExecution,
  replaceExecutionInPage,
  type ExecutionReport,
} from './executionCache'
import { executionKeys } from './queries'
import type { Execution, ExecutionList } from './schemas'

const execution = (id: string, state = 'succeed', updated = '2026-11-20T10:00:00Z'): Execution => ({
  id,
  state,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: updated,
})
const pageInfo = { has_next_page: false, has_prev_page: false, start_cursor: null, end_cursor: null }
const pageOf = (...items: Execution[]): ExecutionList => ({ data: items, page_info: pageInfo })

describe('replaceExecutionInPage', () => {
  it('swaps the execution in, keeping its position and extra fields', () => {
    const page = pageOf(execution('a'), { ...execution('b'), metadata: { env: 'prod' } }, execution('c'))
    const patched = replaceExecutionInPage(page, execution('b', 'created', '2026-11-21T00:00:00Z'))
    expect(patched.data.map((item) => item.id)).toEqual(['a', 'b', 'c'])
    expect(patched.data[1]).toMatchObject({ state: 'created', metadata: { env: 'prod' } })
    expect(patched.data[0]).toBe(page.data[0])
  })

  it('returns the same page when the execution is not on it', () => {
    const page = pageOf(execution('a'))
    expect(replaceExecutionInPage(page, execution('z', 'created'))).toBe(page)
  })
})

describe('patchExecutionInLists', () => {
  it('keeps the metadata the list knew when the reschedule answer has none', () => {
    const client = new QueryClient()
    client.setQueryData(
      executionKeys.list({ first: 20 }),
      pageOf({ ...execution('a'), metadata: { env: 'prod' } }),
    )
    patchExecutionInLists(client, execution('a', 'created', '2026-11-21T00:00:00Z'))
    expect(client.getQueryData<ExecutionReport>(executionKeys.detail('a'))?.execution).toMatchObject({
      state: 'created',
      metadata: { env: 'prod' },
    })
    expect(findSourcedExecution(client, 'a')?.execution.metadata).toEqual({ env: 'prod' })
  })

  it('patches every cached list page that holds the execution, and its detail', () => {
    const client = new QueryClient()
    const first = { first: 20 }
    const failedOnly = { first: 20, states: ['succeed'] }
    const other = { first: 20, after: 'c1' }
    client.setQueryData(executionKeys.list(first), pageOf(execution('a'), execution('b')))
    client.setQueryData(executionKeys.list(failedOnly), pageOf(execution('b')))
    const untouched = pageOf(execution('x'))
    client.setQueryData(executionKeys.list(other), untouched)

    patchExecutionInLists(client, execution('b', 'created', '2026-11-21T00:00:00Z'))

    expect(client.getQueryData<ExecutionList>(executionKeys.list(first))?.data[1]?.state).toBe('created')
    expect(client.getQueryData<ExecutionList>(executionKeys.list(failedOnly))?.data[0]?.state).toBe('created')
    expect(client.getQueryData(executionKeys.list(other))).toBe(untouched)
    expect(client.getQueryData<ExecutionReport>(executionKeys.detail('b'))).toMatchObject({
      execution: { state: 'created' },
      source: 'reschedule answer',
    })
  })
})

describe('findSourcedExecution', () => {
  it('returns the freshest report among list pages and the detail entry, with where it came from', () => {
    const client = new QueryClient()
    client.setQueryData(
      executionKeys.list({ first: 20 }),
      pageOf(execution('a', 'started', '2026-11-20T10:00:00Z')),
    )
    client.setQueryData(
      executionKeys.list({ first: 50 }),
      pageOf(execution('a', 'failed', '2026-11-20T11:00:00Z')),
    )
    expect(findSourcedExecution(client, 'a')).toMatchObject({
      execution: { state: 'failed' },
      source: 'list',
    })
    rememberExecution(client, execution('a', 'created', '2026-11-20T12:00:00Z'), 'list search', 5)
    expect(findSourcedExecution(client, 'a')).toEqual({
      execution: execution('a', 'created', '2026-11-20T12:00:00Z'),
      source: 'list search',
      receivedAt: 5,
    })
    expect(findSourcedExecution(client, 'missing')).toBeUndefined()
  })

  it('between equal updates, takes the one received last (a list refetched after a reschedule answer)', () => {
    const client = new QueryClient()
    rememberExecution(client, execution('a', 'created'), 'reschedule answer', 1)
    client.setQueryData(executionKeys.list({ first: 20 }), pageOf(execution('a', 'created')))
    expect(findSourcedExecution(client, 'a')?.source).toBe('list')
  })
})
