import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { ExportButton } from './ExportButton'

setUpMswServer()
const saved: Blob[] = []
beforeEach(() => {
  saved.length = 0
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob)
    return 'blob:export'
  })
  URL.revokeObjectURL = vi.fn()
})

const encoder = new TextEncoder()

/** A streamed answer sent in the given chunks; `hold` keeps it open until released. */
function answerExport(chunks: string[], options: { hold?: Promise<void>; seen?: URL[] } = {}) {
  mswServer.use(
    http.get('*/api/export/executions', ({ request }) => {
      options.seen?.push(new URL(request.url))
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(chunks[0] ?? ''))
          await options.hold
          for (const chunk of chunks.slice(1)) controller.enqueue(encoder.encode(chunk))
          controller.close()
        },
      })
      return new HttpResponse(stream, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="executions-failed-2026-11-22T0930Z.csv"',
        },
      })
    }),
  )
}

const HEADER = '\uFEFFid,state,created_at,updated_at,metadata\r\n'
const rows = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `e${index},failed,2026-11-22T09:00:00Z,2026-11-22T09:00:00Z,{}\r\n`,
  ).join('')

async function startExport(search = '?state=failed&m.env=prod&after=c1') {
  renderWithProviders(<ExportButton search={search} />)
  await userEvent.click(screen.getByRole('button', { name: 'Export…' }))
  const dialog = await screen.findByRole('dialog', { name: 'Export executions' })
  return dialog
}

describe('Export', () => {
  it('exports every matching row with the page filters only, and saves the file under the server’s name', async () => {
    const seen: URL[] = []
    answerExport([HEADER + rows(2), rows(3)], { seen })
    const dialog = await startExport()
    expect(dialog).toHaveTextContent('Every execution that matches state failed, env=prod')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'Saved executions-failed-2026-11-22T0930Z.csv: 5 rows.',
      ),
    )
    expect(seen[0]?.search).toBe('?state=failed&m.env=prod&format=csv')
    const bytes = await saved[0]?.arrayBuffer()
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(HEADER + rows(2) + rows(3))
  })

  it('asks for NDJSON when chosen', async () => {
    const seen: URL[] = []
    answerExport(['{"id":"a"}\n'], { seen })
    const dialog = await startExport('')
    await userEvent.click(within(dialog).getByRole('radio', { name: /NDJSON/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/: 1 row\.$/))
    expect(seen[0]?.searchParams.get('format')).toBe('ndjson')
  })

  it('says how many rows arrived before the API failed, and that the file is marked', async () => {
    answerExport([HEADER + rows(3) + '"# export failed after 3 rows: HTTP 503, busy"\r\n'])
    const dialog = await startExport()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'The export stopped after 3 rows: HTTP 503, busy.',
      ),
    )
  })

  it('says when the export was cut at the row limit', async () => {
    answerExport([HEADER + rows(2) + '# export cut at 2 rows\r\n'])
    const dialog = await startExport()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('exports stop at 2 rows'),
    )
  })

  it('shows the server’s refusal when the export cannot start', async () => {
    mswServer.use(
      http.get('*/api/export/executions', () =>
        HttpResponse.json(
          { error: { code: 'export_in_progress', message: 'An export is already running for you.' } },
          { status: 429 },
        ),
      ),
    )
    const dialog = await startExport()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/did not start: .*already running/),
    )
  })

  it('Stop cancels the download and saves nothing', async () => {
    let release = () => {}
    answerExport([HEADER + rows(4), rows(1)], { hold: new Promise<void>((resolve) => (release = resolve)) })
    const dialog = await startExport()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    expect(await within(dialog).findByText('4 rows so far')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'Stopped after 4 rows; nothing was saved.',
      ),
    )
    release()
    expect(saved).toHaveLength(0)
  })

  it('refuses to start when the link has a filter it could not use, and says which', async () => {
    const dialog = await startExport(`?state=failed&m.blob=${'x'.repeat(3_000)}`)
    const start = within(dialog).getByRole('button', { name: 'Start export' })
    expect(start).toBeDisabled()
    expect(start).toHaveAccessibleDescription(
      /could not all be used \(the metadata filter on “blob” is longer than 2048 characters\)/,
    )
  })

  it('adds a column per log link when asked, and offers it only when links are configured', async () => {
    const seen: URL[] = []
    answerExport([HEADER], { seen })
    mswServer.use(
      http.get('*/api/links', () =>
        HttpResponse.json({
          links: [
            { label: 'Logs', url: 'https://logs.example.com/?q={id}' },
            { label: 'Trace', url: 'https://trace.example.com/{attempt.id}' },
          ],
          marginMs: 0,
        }),
      ),
    )
    const dialog = await startExport('?state=failed')
    const box = await within(dialog).findByRole('checkbox', { name: 'Add a column for each log link (Logs)' })
    await userEvent.click(box)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }))
    await waitFor(() => expect(seen[0]?.search).toBe('?state=failed&format=csv&links=1'))
  })
})
