import '../../styles/palette.css'
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { Command } from '../../components/commands'
import { ModalDialog } from '../../components/ModalDialog'
import { visibleText } from '../../../shared/visibleText'
import { rankCommands, readsAsCommand } from './rankCommands'
import type { PaletteRecent } from './paletteRecent'
import type { EarlyKey } from '../../lib/earlyKeys'

const SHOWN = 40

interface CommandPaletteProps {
  /** The commands the page offers now, read once as the palette opens. */
  commands: readonly Command[]
  /** A Ctrl+K pressed before the palette loaded: what was typed after it (read now), and whether Enter followed. */
  early?: EarlyKey | null
  recent: PaletteRecent
  onOpenExecution: (id: string) => void
  /** Closes the palette, then runs the chosen command (after the palette has given focus back). */
  onChoose: (command: Command | null) => void
}

const openCommand = (id: string, group: string, onOpen: (id: string) => void): Command => ({
  id: `open:${id}`,
  label: `Open execution ${visibleText(id)}`,
  group,
  run: () => onOpen(id),
})

/**
 * What Enter would choose for `typed` when it reads as a command: the first it ranks (an Enter pressed after Ctrl+K
 * and the text, before the palette had loaded). Null when the text would open an execution instead.
 */
export function commandTypedFor(
  commands: readonly Command[],
  recent: PaletteRecent,
  typed: string,
): Command | null {
  const text = typed.trim()
  if (text === '') return null
  const ranked = rankCommands(commands, text, recent.commands)
  return readsAsCommand(ranked, text) ? (ranked[0] ?? null) : null
}

/**
 * Ctrl+K: one field that takes a pasted execution id (Enter opens its attempts, loaded or not) or finds a command by
 * a few letters of it. A combobox over a listbox, the active option followed by aria-activedescendant.
 */
export function CommandPalette({ commands, early, recent, onOpenExecution, onChoose }: CommandPaletteProps) {
  const id = useId()
  const [text, setText] = useState(early?.text ?? '')
  const [active, setActive] = useState(0)
  const [refusal, setRefusal] = useState<string | null>(null)
  const typed = text.trim()

  const options = useMemo(() => {
    const recentOpens = recent.executions.map((execution) =>
      openCommand(execution, 'Recent', onOpenExecution),
    )
    const ranked = rankCommands([...recentOpens, ...commands], typed, recent.commands).slice(0, SHOWN)
    // Any text may be an id (ids can hold spaces); it goes first unless it reads as the start of a command's words.
    if (typed === '' || ranked.some((command) => command.id === `open:${typed}`)) return ranked
    const open = openCommand(typed, 'Execution', onOpenExecution)
    return readsAsCommand(ranked, typed) ? [...ranked, open] : [open, ...ranked]
  }, [commands, recent, typed, onOpenExecution])
  const current = Math.min(active, options.length - 1)
  const optionId = (index: number) => `${id}-option-${index}`
  useEffect(() => {
    document.getElementById(`${id}-option-${current}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [id, current])

  const choose = (command: Command | undefined) => {
    if (!command) return
    if (command.disabled) {
      setRefusal(`${command.label}: ${command.disabled}`)
      return
    }
    onChoose(command)
  }
  // An Enter pressed after the text, before the palette was there, chooses the command the text reads as.
  useEffect(() => {
    if (!early?.enter) return
    const command = commandTypedFor(commands, recent, early.text)
    const timer = command && !command.disabled ? setTimeout(() => onChoose(command), 0) : undefined
    return () => clearTimeout(timer)
    // Once, as the palette opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 }
    const move = moves[event.key]
    if (move !== undefined && options.length > 0) {
      event.preventDefault()
      setActive((current + move + options.length) % options.length)
    } else if (event.key === 'Escape') {
      // Handled here as well as by the dialog's cancel: the palette closes whatever the browser does with Esc.
      event.preventDefault()
      onChoose(null)
    } else if (event.key === 'Enter' && !event.repeat) {
      event.preventDefault()
      choose(options[current])
    }
  }

  return (
    <ModalDialog label="Command palette" className="dialog palette" onEscape={() => onChoose(null)}>
      <input
        className="palette-input"
        role="combobox"
        aria-label="Execution id or command"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
        placeholder="Paste an execution id, or type a command"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
          setRefusal(null)
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Commands" className="palette-list">
        {options.map((command, index) => (
          // Clicks choose; the keyboard stays in the field (the listbox pattern).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={command.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            aria-disabled={command.disabled ? true : undefined}
            className="palette-option"
            onMouseMove={() => setActive(index)}
            onClick={() => choose(command)}
          >
            <span className="palette-label">{command.label}</span>
            {command.disabled ? <span className="muted palette-reason">{command.disabled}</span> : null}
            <span className="palette-group">{command.group}</span>
          </li>
        ))}
      </ul>
      <p className="muted palette-status" role="status">
        {refusal ??
          (options.length === 0
            ? 'Nothing matches. Paste an execution id to open it.'
            : `${options.length} ${options.length === 1 ? 'choice' : 'choices'}. ↑ ↓ to move, Enter to run, Esc to close.`)}
      </p>
    </ModalDialog>
  )
}
