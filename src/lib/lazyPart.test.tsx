import { render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { afterFirstScreen, FirstScreenShownContext, lazyModule, lazyPart } from './lazyPart'

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null }
  static getDerivedStateFromError(error: Error) {
    return { error: error.message }
  }
  override render() {
    return this.state.error ?? this.props.children
  }
}

describe('lazyPart', () => {
  it('draws the fallback, then the module’s component as soon as it is there', async () => {
    let resolve: (module: { Greeting: (props: { name: string }) => ReactNode }) => void = () => {}
    const Part = lazyPart(
      () => new Promise<{ Greeting: (props: { name: string }) => ReactNode }>((done) => (resolve = done)),
      'Greeting',
      <p>Loading</p>,
    )
    render(<Part name="Ada" />)
    expect(screen.getByText('Loading')).toBeInTheDocument()
    resolve({ Greeting: ({ name }) => <p>Hello {name}</p> })
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
    expect(screen.queryByText('Loading')).not.toBeInTheDocument()
  })

  it('waits for the first screen before loading a module marked to wait for it', async () => {
    let loads = 0
    const Part = lazyPart(
      afterFirstScreen(() => {
        loads += 1
        return Promise.resolve({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> })
      }),
      'Greeting',
      <p>Loading</p>,
    )
    const view = (shown: boolean) => (
      <FirstScreenShownContext.Provider value={shown}>
        <Part name="Ada" />
      </FirstScreenShownContext.Provider>
    )
    const { rerender } = render(view(false))
    await Promise.resolve()
    expect(screen.getByText('Loading')).toBeInTheDocument()
    expect(loads).toBe(0)
    rerender(view(true))
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('loads a module marked to wait at once for a caller that asks now; its other callers get it too', async () => {
    let loads = 0
    const useGreeting = lazyModule(
      afterFirstScreen(() => {
        loads += 1
        return Promise.resolve({ text: 'Hello' })
      }),
    )
    function Waiting() {
      return <p>{useGreeting()?.text ?? 'Waiting'}</p>
    }
    function Now({ now }: { now: boolean }) {
      return <p>{useGreeting(now) ? 'Here now' : 'Not asked'}</p>
    }
    const view = (now: boolean) => (
      <FirstScreenShownContext.Provider value={false}>
        <Waiting />
        <Now now={now} />
      </FirstScreenShownContext.Provider>
    )
    const { rerender } = render(view(false))
    await Promise.resolve()
    expect(loads).toBe(0)
    expect(screen.getByText('Waiting')).toBeInTheDocument()
    rerender(view(true))
    expect(await screen.findByText('Here now')).toBeInTheDocument()
    expect(screen.getByText('Hello')).toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('throws a module that fails to load to the error boundary', async () => {
    const Part = lazyPart(
      () => Promise.reject<{ Nothing: () => ReactNode }>(new Error('chunk failed')),
      'Nothing',
    )
    render(
      <Boundary>
        <Part />
      </Boundary>,
    )
    expect(await screen.findByText('chunk failed')).toBeInTheDocument()
  })
})
