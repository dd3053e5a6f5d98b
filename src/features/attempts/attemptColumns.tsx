import { createColumnHelper, tableFeatures } from '@tanstack/react-table'
import { timestampInstant, type Attempt, type Execution } from '../../api'
import { StateBadge } from '../../components/StateBadge'
import { Timestamp } from '../../components/Timestamp'
import { formatDuration } from '../../lib/duration'
import { visibleText } from '../../../shared/visibleText'
import { AttemptLinks } from './LogLinks'

export const attemptTableFeatures = tableFeatures({})

const column = createColumnHelper<typeof attemptTableFeatures, Attempt>()

export function attemptDurationMs(attempt: Attempt): number {
  return (timestampInstant(attempt.updated_at) ?? NaN) - (timestampInstant(attempt.created_at) ?? NaN)
}

/** The attempts' columns; with `linksOf` (an execution, or undefined while it is unknown), a Links column too. */
export function createAttemptColumns(linksOf: Execution | undefined | null = null) {
  const links =
    linksOf === null
      ? []
      : [
          column.display({
            id: 'links',
            header: 'Links',
            cell: (info) => <AttemptLinks execution={linksOf} attempt={info.row.original} />,
          }),
        ]
  return column.columns([
    column.accessor('id', {
      header: 'ID',
      cell: (info) => <code className="mono">{visibleText(info.getValue())}</code>,
    }),
    column.accessor('state', { header: 'State', cell: (info) => <StateBadge state={info.getValue()} /> }),
    column.accessor('created_at', {
      header: 'Created',
      cell: (info) => <Timestamp value={info.getValue()} />,
    }),
    column.accessor('updated_at', {
      header: 'Updated',
      cell: (info) => <Timestamp value={info.getValue()} />,
    }),
    column.display({
      id: 'duration',
      header: 'Duration',
      cell: (info) => {
        const attempt = info.row.original
        const text = formatDuration(attemptDurationMs(attempt))
        return attempt.state === 'started' ? `${text} so far` : text
      },
    }),
    ...links,
  ])
}
