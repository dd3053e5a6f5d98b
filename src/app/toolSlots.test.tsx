import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DigestSlot, ToolbarSlot } from './toolSlots'

// The tools' chunk fails to load (a deploy replaced its file, the network dropped).
vi.mock('./DashboardTools', () => Promise.reject(new Error('Failed to fetch the tools')))

describe('the tools’ slots', () => {
  it('say a chunk that failed to load where its parts would be, and leave the rest of the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const view = { search: '', onNavigate: () => {}, onOpenExecution: () => {} }
    render(
      <>
        <ToolbarSlot {...view} executionId={null} />
        <DigestSlot {...view} />
        <p>The list</p>
      </>,
    )
    expect(await screen.findByText('The toolbar failed to display')).toBeInTheDocument()
    expect(await screen.findByText('Since you last looked failed to display')).toBeInTheDocument()
    expect(screen.getByText('The list')).toBeInTheDocument()
  })
})
