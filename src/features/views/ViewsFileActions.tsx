import { useRef } from 'react'
import { serializeViews, type ViewsState } from './savedViews'

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The click has handed the blob to the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url))
}

/** Passes a team's set of views around as a JSON file. */
export function ViewsFileActions(props: { state: ViewsState; onImport: (text: string) => string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <span className="views-file-actions">
      <button
        type="button"
        className="button"
        disabled={props.state.views.length === 0}
        onClick={() => download(serializeViews(props.state), 'execution-dashboard-views.json')}
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
