/**
 * The trail's recent reschedules the list marks its rows with ("Rescheduled by alice"): the last hour, at most
 * this many records. The browser reads them (GET /api/audit) and the server sends them on the live stream alike.
 */
export const RECENT_TRAIL_MS = 3_600_000
export const RECENT_TRAIL_SIZE = 200
