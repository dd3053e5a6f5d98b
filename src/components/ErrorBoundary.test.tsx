import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary'

let shouldThrow = true
function Fragile() {
  if (shouldThrow) throw new Error('cannot read state of undefined')
  return <p>recovered</p>
}

describe('ErrorBoundary', () => {
  it('keeps a failure inside its section and offers Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <>
        <ErrorBoundary section="The attempts panel">
          <Fragile />
        </ErrorBoundary>
        <p>the rest of the page</p>
      </>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The attempts panel failed to display')
    expect(screen.getByRole('alert')).toHaveTextContent('cannot read state of undefined')
    expect(screen.getByText('the rest of the page')).toBeVisible()

    shouldThrow = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByText('recovered')).toBeVisible()
  })
})
