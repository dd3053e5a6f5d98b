import { csvLine } from '../../shared/csv.ts'

export { CSV_BOM, csvCell, csvLine } from '../../shared/csv.ts'

/**
 * One column of metadata as JSON: a streamed export cannot know every metadata key before the last page,
 * and a header written after the rows is no header.
 */
export const CSV_HEADER = ['id', 'state', 'created_at', 'updated_at', 'metadata']

function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** An execution as the API sent it, as one CSV line; odd values are written as given, never dropped. */
export function csvExecutionLine(execution: Record<string, unknown>, extra: readonly string[] = []): string {
  const metadata = execution.metadata
  return csvLine([
    text(execution.id),
    text(execution.state),
    text(execution.created_at),
    text(execution.updated_at),
    metadata === undefined || metadata === null ? '' : JSON.stringify(metadata),
    ...extra,
  ])
}
