interface ChoiceSelectProps<T extends string> {
  label: string
  value: T
  /** Each choice with the words shown for it, in display order. */
  choices: readonly (readonly [value: T, text: string])[]
  onChange: (value: T) => void
  disabled?: boolean
}

/** A labelled <select> over a fixed set of string values; anything else from the DOM is ignored. */
export function ChoiceSelect<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
}: ChoiceSelectProps<T>) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = choices.find(([choice]) => choice === event.target.value)
          if (chosen) onChange(chosen[0])
        }}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}
