export interface ErrorPanelProps {
  title: string
  message: string
  /** Extra facts such as the HTTP status, shown under the message. */
  detail?: string | null
  onRetry?: () => void
  /** Instead of Retry when retrying cannot help, e.g. "Back to the first page". */
  action?: { label: string; onClick(): void }
}

export function ErrorPanel({ title, message, detail, onRetry, action }: ErrorPanelProps) {
  return (
    <div className="panel panel-error" role="alert">
      <h2 className="panel-title">{title}</h2>
      <p>{message}</p>
      {detail ? <p className="panel-detail">{detail}</p> : null}
      {action ? (
        <button type="button" className="button" onClick={() => action.onClick()}>
          {action.label}
        </button>
      ) : onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
