export interface IndexSettings {
  enabled: boolean
  /** How often the index reads news of a watched view, and the shortest time between two of its rounds. */
  refreshMs: number
  maxRows: number
  /** The shortest refresh of a live view, whatever a browser asks for. */
  liveMinMs: number
}

export const DEFAULT_INDEX: IndexSettings = {
  enabled: true,
  refreshMs: 5_000,
  maxRows: 2_000_000,
  liveMinMs: 2_000,
}
