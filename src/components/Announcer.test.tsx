import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AnnouncerProvider, useAnnounce } from './Announcer'
import { AnnouncerHost } from './AnnouncerHost'

function Page() {
  const announce = useAnnounce()
  const [hosted, setHosted] = useState(false)
  return (
    <>
      <button type="button" onClick={() => announce('Execution e1 rescheduled')}>
        Say it
      </button>
      <button type="button" onClick={() => setHosted((value) => !value)}>
        Toggle drawer
      </button>
      {hosted ? (
        <section aria-label="Drawer">
          <AnnouncerHost />
        </section>
      ) : null}
    </>
  )
}

describe('the announcer', () => {
  it('says outcomes in one live region, which a modal drawer takes in while it is open', async () => {
    render(
      <AnnouncerProvider>
        <Page />
      </AnnouncerProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Say it' }))
    expect(screen.getByRole('status')).toHaveTextContent('Execution e1 rescheduled')
    await userEvent.click(screen.getByRole('button', { name: 'Toggle drawer' }))
    expect(screen.getAllByRole('status')).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Drawer' })).toContainElement(screen.getByRole('status'))
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.getByRole('status')).toHaveTextContent('')
    await userEvent.click(screen.getByRole('button', { name: 'Toggle drawer' }))
    expect(screen.queryByRole('region', { name: 'Drawer' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })
})
