import { useId, useState, type SubmitEvent } from 'react'

interface SharedViewOfferProps {
  /** The name the link suggests. */
  offered: string
  /** Saves the view under this name; false when it could not. */
  onSave: (name: string) => boolean
  /** Takes the offer out of the URL. */
  onDone: () => void
}

/**
 * Opened from a "Copy view link" link: offers to keep the shared view under a name. Loaded only for such
 * links, so it takes everything as props (see ViewsBar).
 */
export function SharedViewOffer({ offered, onSave, onDone }: SharedViewOfferProps) {
  const [name, setName] = useState(offered)
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A link from a screen that was no saved view names nothing: the receiver names it (never "Shared view").
    if (name.trim() === '') {
      setProblem('Name the view to keep it, e.g. what the incident was.')
      return
    }
    setProblem(null)
    if (onSave(name)) onDone()
  }
  return (
    <form className="shared-view-offer" aria-label="Save the shared view" onSubmit={submit}>
      <p>This link shares a view. Keep it as one of your saved views?</p>
      <label htmlFor={inputId}>Name for the shared view</label>
      <input
        id={inputId}
        value={name}
        maxLength={80}
        placeholder="Failed payments in production"
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button">
        Save view
      </button>
      <button type="button" className="button" onClick={onDone}>
        No thanks
      </button>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="shared-view-problem">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
