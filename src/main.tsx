import { notifyManager } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { AppProviders } from './app/AppProviders'
import { preloadDashboardTools } from './app/lazyTools'
import { createDashboardClients } from './app/queryClient'
import { onceFirstScreenShown } from './api/firstScreen'
import { preloadRowLinks } from './features/attempts'
import { preloadListControls } from './features/executions'
import { applyDefaultViewOnStart } from './features/views/startup'
import './styles/base.css'
import './styles/table.css'
import './styles/filters.css'
import './styles/panels.css'
import './styles/responsive.css'

// The query cache tells its observers in a microtask, not a zero-delay timer each: a Next of 100 rows set 12 timers
// before its first frame (issue 49 §0). TanStack Query documents this scheduler; tests keep the default.
notifyManager.setScheduler(queueMicrotask)
const clients = createDashboardClients()
// The page's keys are heard from now on: one pressed before its handler's chunk is there runs when it arrives.
clients.keys.listen(document)
// What the first table does without, once its rows are drawn: fetched beside the first list call, it made the
// first row wait for 40 KB it did not need (issue 49 §1).
onceFirstScreenShown(clients.queryClient, () => {
  preloadListControls()
  preloadDashboardTools()
  preloadRowLinks()
})

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// The default view (if any) goes into the URL first, so the first list call is already its own.
void applyDefaultViewOnStart(clients.store).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders clients={clients}>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
)
