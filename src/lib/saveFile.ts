/** Hands the browser a file to save, as a download of an in-memory blob. */
export function saveFile(parts: BlobPart[], fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The click has handed the blob to the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url))
}

/** A CSV named `<prefix>-<UTC minute>Z.csv`, e.g. reschedule-results-2026-11-25T1920Z.csv. */
export function saveStampedCsv(text: string, prefix: string): void {
  const stamp = new Date().toISOString().slice(0, 16).replace(':', '')
  saveFile([text], `${prefix}-${stamp}Z.csv`, 'text/csv')
}
