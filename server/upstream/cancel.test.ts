import { describe, expect, it, vi } from 'vitest'
import { Cancel } from './cancel.ts'

describe('Cancel', () => {
  it('tells each listener once, and not one that left or came after', () => {
    const cancel = new Cancel()
    const stays = vi.fn()
    const leaves = vi.fn()
    cancel.signal.addEventListener('abort', stays)
    cancel.signal.addEventListener('abort', leaves)
    cancel.signal.removeEventListener('abort', leaves)
    expect(cancel.signal.aborted).toBe(false)
    cancel.abort()
    cancel.abort()
    const late = vi.fn()
    cancel.signal.addEventListener('abort', late)
    expect(cancel.signal.aborted).toBe(true)
    expect(stays).toHaveBeenCalledTimes(1)
    expect(leaves).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })

  it('lets a listener leave while the abort is being told', () => {
    const cancel = new Cancel()
    const second = vi.fn()
    const first = () => cancel.signal.removeEventListener('abort', second)
    cancel.signal.addEventListener('abort', first)
    cancel.signal.addEventListener('abort', second)
    cancel.abort()
    // The listeners were taken before the first ran: the second still hears it, once.
    expect(second).toHaveBeenCalledTimes(1)
  })
})
