import { useId, useState, type SubmitEvent } from 'react'
import type { TimeMode } from '../../components/TimeDisplay'
import { viewTimeMode } from './savedViews'
import { SAVE_VIEW_PARAM, SAVE_VIEW_TIME_PARAM } from './viewLinks'

interface SharedViewOfferProps {
  search: string
  onNavigate: (params: URLSearchParams, mode: 'push' | 'replace') => void
  onSave: (name: string, time?: TimeMode) => boolean
}

/** Opened from a "Copy view link" link: offers to keep the shared view under a name. */
export function SharedViewOffer({ search, onNavigate, onSave }: SharedViewOfferProps) {
  const params = new URLSearchParams(search)
  const offered = params.get(SAVE_VIEW_PARAM)
  const [name, setName] = useState(offered ?? '')
  const inputId = useId()
  if (offered === null) return null

  const time = viewTimeMode(params.get(SAVE_VIEW_TIME_PARAM)) ?? undefined
  const finish = () => {
    params.delete(SAVE_VIEW_PARAM)
    params.delete(SAVE_VIEW_TIME_PARAM)
    onNavigate(params, 'replace')
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (onSave(name, time)) finish()
  }
  return (
    <form className="shared-view-offer" aria-label="Save the shared view" onSubmit={submit}>
      <p>This link shares a view. Keep it as one of your saved views?</p>
      <label htmlFor={inputId}>Name for the shared view</label>
      <input id={inputId} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      <button type="submit" className="button">
        Save view
      </button>
      <button type="button" className="button" onClick={finish}>
        No thanks
      </button>
    </form>
  )
}
