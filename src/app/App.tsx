import { ErrorBoundary } from '../components/ErrorBoundary'
import { EXECUTIONS_TABLE_ID } from '../features/executions'
import { SessionGate } from '../features/session'
import { Dashboard, PAGE_TITLE_ID } from './Dashboard'
import { HeaderToolsSlot } from './toolSlots'

export function App() {
  return (
    <ErrorBoundary section="The dashboard">
      <div className="app">
        <a className="skip-link" href={`#${EXECUTIONS_TABLE_ID}`}>
          Skip to the executions list
        </a>
        <header className="app-header">
          <h1 id={PAGE_TITLE_ID} tabIndex={-1}>
            Executions
          </h1>
          <HeaderToolsSlot />
        </header>
        <main className="app-main">
          <SessionGate>
            <Dashboard />
          </SessionGate>
        </main>
      </div>
    </ErrorBoundary>
  )
}
