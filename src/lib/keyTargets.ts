/** Inputs whose keys are not text: a shortcut pressed on one of them is still a shortcut. */
const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']

/**
 * Keys never act while the user types in a field. Only text counts as typing: on a checkbox, a radio button or a
 * select, `n` and `/` are shortcuts (a select's type-ahead gives way to them).
 */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !NOT_TEXT.includes(target.type)
  return target.isContentEditable || target.tagName === 'TEXTAREA'
}

/** A modal dialog is open: its keys are its own. */
export function isModalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null
}
