import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as controls from './controls'
import { NewRowsBar as LazyNewRowsBar } from './LazyControls'
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

  it('draws nothing and announces nothing while no row waits; its status line is there before it speaks', async () => {
    const { rerender } = render(
      <LazyNewRowsBar controls={controls} count={0} isFirstPage onShow={() => {}} />,
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    rerender(<LazyNewRowsBar controls={controls} count={2} isFirstPage onShow={() => {}} />)
    expect(screen.getByRole('status')).toHaveTextContent(
      'More executions arrived; a Show button above the list adds them.',
    )
    expect(await screen.findByText('2 new executions in this list')).toBeVisible()
  })

  it('speaks before the controls are there, and draws the bar once they are', () => {
    const { rerender } = render(<LazyNewRowsBar controls={null} count={2} isFirstPage onShow={() => {}} />)
    expect(screen.getByRole('status')).toHaveTextContent('a Show button above the list adds them.')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    rerender(<LazyNewRowsBar controls={controls} count={2} isFirstPage onShow={() => {}} />)
    expect(screen.getByRole('button', { name: 'Show' })).toBeVisible()
  })
})
