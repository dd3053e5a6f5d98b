import { ErrorBoundary } from '../components/ErrorBoundary'
import { ExecutionsPage } from '../features/executions/ExecutionsPage'

export function App() {
  return (
    <ErrorBoundary section="The dashboard">
      <div className="app">
        <header className="app-header">
          <h1>Executions</h1>
        </header>
        <main className="app-main">
          <ErrorBoundary section="The executions view">
            <ExecutionsPage />
          </ErrorBoundary>
        </main>
      </div>
    </ErrorBoundary>
  )
}
