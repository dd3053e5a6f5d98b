import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { AppProviders } from './app/AppProviders'
import { applyDefaultViewOnStart } from './features/views'
import './styles/base.css'
import './styles/table.css'
import './styles/filters.css'
import './styles/panels.css'
import './styles/views.css'
import './styles/responsive.css'

applyDefaultViewOnStart()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
)
