import '../../../styles/dialogs.css'
import { useId } from 'react'
import { ModalDialog } from '../../../components/ModalDialog'

const SHORTCUTS: readonly (readonly [keys: string, what: string])[] = [
  ['Ctrl+K (⌘K on a Mac)', 'Command palette: paste an execution id to open it, or find any action'],
  ['/', 'Go to the metadata filter (Esc goes back to the list)'],
  ['n', 'Next page'],
  ['p', 'Previous page'],
  ['↓ ↑ or j k', 'Next or previous row'],
  ['Home End', 'First or last row'],
  ['PageDown PageUp', 'Ten rows down or up'],
  ['→ ←', 'The buttons in a row (Esc: back to the row)'],
  ['Enter', 'On a row: open its attempts'],
  ['r', 'On a row: reschedule it (asks first)'],
  ['x or Space', 'On a row: select it'],
  ['Esc', 'Close the attempts panel or a dialog'],
  ['e', 'Export…'],
  ['m', 'Reschedule all matching… (asks first)'],
  ['l', 'Copy a link to this screen (with the failure groups open: its time window pinned)'],
  ['g', 'Failure groups: open or close the board (focus goes to its first group)'],
  ['t', 'Audit trail: who rescheduled and acknowledged what'],
  ['?', 'This list'],
]

/** The keyboard shortcuts, opened with `?`. Keys never act while typing in a field. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} className="dialog shortcut-help" onEscape={onClose}>
      <h2 id={titleId} className="panel-title">
        Keyboard shortcuts
      </h2>
      <dl className="shortcut-list">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Shortcuts do nothing while you type in a field.</p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
