import { ErrorBoundary } from '../components/ErrorBoundary'
import { TimeDisplayProvider } from '../components/TimeDisplay'
import { ExecutionsPage } from '../features/executions'

export function App() {
  return (
    <ErrorBoundary section="The dashboard">
      <TimeDisplayProvider>
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
      </TimeDisplayProvider>
    </ErrorBoundary>
  )
}
