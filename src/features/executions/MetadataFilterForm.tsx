import { useId, useState, type FormEvent } from 'react'
import type { MetadataFilter } from '../../api'

interface MetadataFilterFormProps {
  /** Keys and values seen on executions so far, offered as suggestions. */
  suggestions: ReadonlyMap<string, ReadonlySet<string>>
  onAdd(entry: MetadataFilter): void
}

export function splitValues(text: string): string[] {
  return [...new Set(text.split(',').map((value) => value.trim()))].filter((value) => value !== '')
}

export function MetadataFilterForm({ suggestions, onAdd }: MetadataFilterFormProps) {
  const [key, setKey] = useState('')
  const [values, setValues] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const keyListId = useId()
  const valueListId = useId()
  const problemId = useId()
  const valueSuggestions = [...(suggestions.get(key.trim()) ?? [])].sort()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmedKey = key.trim()
    const parsedValues = splitValues(values)
    if (trimmedKey === '') return setProblem('Enter a metadata key.')
    if (parsedValues.length === 0)
      return setProblem('Enter at least one value; separate several with commas.')
    setProblem(null)
    onAdd({ key: trimmedKey, values: parsedValues })
    setKey('')
    setValues('')
  }

  return (
    <form className="filter-group metadata-form" onSubmit={submit} aria-label="Metadata filter" noValidate>
      <label className="stacked-field">
        <span>Metadata key</span>
        <input
          value={key}
          onChange={(event) => setKey(event.target.value)}
          list={keyListId}
          autoComplete="off"
          aria-invalid={problem?.includes('key') ?? false}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      <datalist id={keyListId}>
        {[...suggestions.keys()].sort().map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <label className="stacked-field">
        <span>Metadata values</span>
        <input
          value={values}
          onChange={(event) => setValues(event.target.value)}
          list={valueListId}
          autoComplete="off"
          placeholder="e.g. prod, staging"
          aria-invalid={problem?.includes('value') ?? false}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
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
