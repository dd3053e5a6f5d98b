import { AnnouncerProvider } from '../components/Announcer'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { RefreshSettingsProvider } from '../components/RefreshSettings'
import { ThemeSetting } from '../components/ThemeSetting'
import { ListDisplayProvider } from '../components/ListDisplay'
import { TimeDisplayProvider } from '../components/TimeDisplay'
import { EXECUTIONS_TABLE_ID } from '../features/executions'
import { SessionGate, SessionStatus } from '../features/session'
import { Dashboard, PAGE_TITLE_ID } from './Dashboard'

export function App() {
  return (
    <ErrorBoundary section="The dashboard">
      <TimeDisplayProvider>
        <ListDisplayProvider>
          <RefreshSettingsProvider>
            <AnnouncerProvider>
              <div className="app">
                <a className="skip-link" href={`#${EXECUTIONS_TABLE_ID}`}>
                  Skip to the executions list
                </a>
                <header className="app-header">
                  <h1 id={PAGE_TITLE_ID} tabIndex={-1}>
                    Executions
                  </h1>
                  <SessionStatus />
                  <ThemeSetting />
                </header>
                <main className="app-main">
                  <SessionGate>
                    <Dashboard />
                  </SessionGate>
                </main>
              </div>
            </AnnouncerProvider>
          </RefreshSettingsProvider>
        </ListDisplayProvider>
      </TimeDisplayProvider>
    </ErrorBoundary>
  )
}
