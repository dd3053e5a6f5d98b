/** Whether focus sits somewhere other than the page itself (something already placed it). */
export function focusIsPlaced(): boolean {
  return document.activeElement !== null && document.activeElement !== document.body
}
