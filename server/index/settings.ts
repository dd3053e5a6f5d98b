export interface IndexSettings {
  enabled: boolean
  /** How often the index looks for new and changed executions of a watched view. */
  refreshMs: number
  /** How often a complete index is scanned again whole, for what it cannot see otherwise. */
  fullRescanMs: number
  maxRows: number
  /** The shortest refresh of a live view, whatever a browser asks for. */
  liveMinMs: number
}

export const DEFAULT_INDEX: IndexSettings = {
  enabled: true,
  refreshMs: 5_000,
  fullRescanMs: 30 * 60_000,
  maxRows: 2_000_000,
  liveMinMs: 2_000,
}
