import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react'
import type { MetadataFilter } from '../../../api'
import { METADATA_KEY_INPUT_ID } from './filterIds'

interface MetadataFilterFormProps {
  /** Keys and their values seen on executions so far (sorted), offered as suggestions. */
  suggestions: Readonly<Record<string, readonly string[]>>
  onAdd: (entry: MetadataFilter) => void
  /** Esc in the form: go back to the list. */
  onLeave?: () => void
}

/**
 * Values are separate entries (a value may contain a comma): Enter in the values box adds the typed value
 * as a chip; Enter in an empty values box, or "Add metadata filter", adds the filter.
 */

export function MetadataFilterForm({ suggestions, onAdd, onLeave }: MetadataFilterFormProps) {
  const [key, setKey] = useState('')
  const [pending, setPending] = useState('')
  const [values, setValues] = useState<string[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const keyListId = useId()
  const valueListId = useId()
  const problemId = useId()
  const valueSuggestions = Object.hasOwn(suggestions, key.trim()) ? (suggestions[key.trim()] ?? []) : []

  const withPending = () => {
    const value = pending.trim()
    return value === '' || values.includes(value) ? values : [...values, value]
  }

  const addValue = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || pending.trim() === '') return
    event.preventDefault()
    setValues(withPending())
    setPending('')
    setProblem(null)
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmedKey = key.trim()
    const allValues = withPending()
    if (trimmedKey === '') return setProblem('Enter a metadata key.')
    if (allValues.length === 0) return setProblem('Enter at least one value.')
    setProblem(null)
    onAdd({ key: trimmedKey, values: allValues })
    setKey('')
    setPending('')
    setValues([])
  }

  return (
    // Esc anywhere in the form leaves it for the list; the form only listens.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="filter-group metadata-form"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !onLeave || event.defaultPrevented) return
        event.preventDefault()
        onLeave()
      }}
      aria-label="Metadata filter"
      noValidate
    >
      <label className="stacked-field">
        <span>Metadata key</span>
        <input
          id={METADATA_KEY_INPUT_ID}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          list={keyListId}
          autoComplete="off"
          aria-invalid={problem?.includes('key') ?? false}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      <datalist id={keyListId}>
        {Object.keys(suggestions).map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <div className="stacked-field">
        <label htmlFor={`${valueListId}-input`}>Metadata values</label>
        {values.length > 0 ? (
          <ul className="chip-list" aria-label="Values of this filter">
            {values.map((value) => (
              <li key={value}>
                <button
                  type="button"
                  className="chip chip-removable"
                  aria-label={`Remove value ${value}`}
                  onClick={() => setValues(values.filter((other) => other !== value))}
                >
                  {value} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={`${valueListId}-input`}
          value={pending}
          onChange={(event) => setPending(event.target.value)}
          onKeyDown={addValue}
          list={valueListId}
          autoComplete="off"
          placeholder="a value, then Enter"
          aria-invalid={problem?.includes('value') ?? false}
          aria-describedby={problem ? problemId : undefined}
        />
      </div>
      <datalist id={valueListId}>
        {valueSuggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <button type="submit" className="button">
        Add metadata filter
      </button>
      {problem ? (
        <p id={problemId} className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
