import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NewRowsBar } from './NewRowsBar'

describe('NewRowsBar', () => {
  it('says new in this list on the first page, and more on this page after it', async () => {
    const onShow = vi.fn()
    const { rerender } = render(<NewRowsBar count={1} isFirstPage onShow={onShow} />)
    expect(screen.getByText('1 new execution in this list')).toBeVisible()
    rerender(<NewRowsBar count={3} isFirstPage={false} onShow={onShow} />)
    expect(screen.getByText('3 more executions on this page')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(onShow).toHaveBeenCalledOnce()
  })

  it('draws nothing and announces nothing while no row waits', () => {
    render(<NewRowsBar count={0} isFirstPage onShow={() => {}} />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})
