import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { answer, EXACT, group, showBoard } from './boardTestKit'

setUpMswServer()

describe('FailureBoard, by keyboard and as chosen', () => {
  it('is one arrow-key grid: Enter shows a group’s samples, r reschedules it, and a group that cannot says why', async () => {
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(
          answer(
            [group('eu-west-1', 40), group('missing', 3, { id: 'key-missing', label: '', selection: null })],
            EXACT,
          ),
        ),
      ),
    )
    const callbacks = showBoard({ groupBy: { kind: 'key', key: 'region' } })
    const grid = await screen.findByRole('grid', { name: 'Failure groups, largest first' })
    const rows = await within(grid).findAllByRole('row', { name: /failed/ })
    // Focus goes to what was opened: the first group.
    await waitFor(() => expect(rows[0]).toHaveFocus())
    expect(rows[0]).toHaveAttribute('tabindex', '0')
    expect(rows[1]).toHaveAttribute('tabindex', '-1')
    await userEvent.keyboard('{Enter}')
    expect(callbacks.onToggleGroup).toHaveBeenCalledWith('key:eu-west-1')
    await userEvent.keyboard('r')
    expect(callbacks.onRescheduleGroup).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{ArrowDown}')
    expect(rows[1]).toHaveFocus()
    expect(within(rows[1] as HTMLElement).getByText('No filter for a missing key')).toBeVisible()
    await userEvent.keyboard('r')
    expect(callbacks.onRescheduleGroup).toHaveBeenCalledTimes(1)
    expect(await screen.findByText(/No region cannot be rescheduled: The API cannot filter/)).toBeVisible()
    // The grouping was the user's: nothing is suggested.
    expect(callbacks.onSuggested).not.toHaveBeenCalled()
    expect(screen.queryByText(/^Suggested/)).not.toBeInTheDocument()
  })

  it('marks a grouping the board chose as a suggestion', async () => {
    mswServer.use(http.get('*/api/triage', () => HttpResponse.json(answer([group('eu-west-1', 4)], EXACT))))
    showBoard({ groupBy: { kind: 'key', key: 'region' }, suggested: true })
    expect(
      await screen.findByText('Suggested: it splits these failures best. It stays until you choose another.'),
    ).toBeVisible()
  })
})
