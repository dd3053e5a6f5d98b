/** Keys never act while the user types in a field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** A modal dialog is open: its keys are its own. */
export function isModalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null
}
