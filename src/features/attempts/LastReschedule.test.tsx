import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { LastReschedule } from './LastReschedule'

setUpMswServer()

const NOW = Date.parse('2026-11-24T12:00:00Z')

function answerWith(records: object[]) {
  let asked = ''
  mswServer.use(
    http.get('*/api/audit', ({ request }) => {
      asked = new URL(request.url).search
      return HttpResponse.json({ data: records, page_info: { has_next_page: false, end_cursor: null } })
    }),
  )
  return () => asked
}

const inList = (node: React.ReactNode) => <dl>{node}</dl>

describe('LastReschedule', () => {
  it('says who last rescheduled the execution, when, and what came of it', async () => {
    const asked = answerWith([
      {
        id: 'r',
        at: NOW - 300_000,
        user: 'alice',
        executionId: 'e/1',
        outcome: 'refused_by_api',
        status: 409,
      },
    ])
    renderWithProviders(inList(<LastReschedule id="e/1" now={NOW} />))
    expect(await screen.findByText('by alice, 5 min ago: refused by the API (HTTP 409)')).toBeInTheDocument()
    expect(new URLSearchParams(asked()).get('execution')).toBe('e/1')
  })
})
