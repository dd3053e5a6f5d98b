/**
 * The most rows one export writes unless DASHBOARD_EXPORT_MAX_ROWS says otherwise. A module of its own: the settings
 * read it without loading the export's code and the route table it reads queries with (the dev server's store opens
 * after the settings are read: 40 ms less of its start).
 */
export const DEFAULT_EXPORT_MAX_ROWS = 100_000
