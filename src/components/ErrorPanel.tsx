interface ErrorPanelProps {
  title: string
  message: string
  /** Extra facts such as the HTTP status, shown under the message. */
  detail?: string | null
  onRetry?: () => void
}

export function ErrorPanel({ title, message, detail, onRetry }: ErrorPanelProps) {
  return (
    <div className="panel panel-error" role="alert">
      <h2 className="panel-title">{title}</h2>
      <p>{message}</p>
      {detail ? <p className="panel-detail">{detail}</p> : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
