import { useId, useState, type SubmitEvent } from 'react'

/** Saves the current screen under a name; the name stays in the field when it was refused. */
export function SaveViewForm({ onSave }: { onSave: (name: string) => boolean }) {
  const [name, setName] = useState('')
  const inputId = useId()
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (onSave(name)) setName('')
  }
  return (
    <form className="views-save" aria-label="Save the current view" onSubmit={submit}>
      <label htmlFor={inputId}>View name</label>
      <input
        id={inputId}
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        placeholder="Failed payments in production"
      />
      <button type="submit" className="button">
        Save current view
      </button>
    </form>
  )
}
