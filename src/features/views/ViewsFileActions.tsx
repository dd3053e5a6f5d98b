import { useRef } from 'react'
import { saveFile } from '../../lib/saveFile'
import { serializeViews, type ViewsState } from './savedViews'

/** Passes a team's set of views around as a JSON file. */
export function ViewsFileActions(props: { state: ViewsState; onImport: (text: string) => string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <span className="views-file-actions">
      <button
        type="button"
        className="button"
        disabled={props.state.views.length === 0}
        onClick={() =>
          saveFile([serializeViews(props.state)], 'execution-dashboard-views.json', 'application/json')
        }
      >
        Export views
      </button>
      <button type="button" className="button" onClick={() => inputRef.current?.click()}>
        Import views…
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="application/json,.json"
        aria-label="Views file to import"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (!file) return
          void file.text().then(props.onImport)
          if (inputRef.current) inputRef.current.value = ''
        }}
      />
    </span>
  )
}
