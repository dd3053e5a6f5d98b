import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorPanel } from './ErrorPanel'

interface Props {
  /** Names the part that failed, e.g. "The executions view". */
  section: string
  children: ReactNode
}

interface State {
  error: Error | null
}

/** Keeps a rendering failure inside its section: the rest of the dashboard stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.section} failed to render`, error, info.componentStack)
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title={`${this.props.section} failed to display`}
          message={this.state.error.message}
          onRetry={() => this.setState({ error: null })}
        />
      )
    }
    return this.props.children
  }
}
