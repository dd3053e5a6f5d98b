import { useId } from 'react'
import type { Attempt } from '../../api'
import { describeState } from '../../components/StateBadge'
import { formatAbsolute } from '../../components/Timestamp'
import { formatDuration } from '../../lib/relativeTime'
import { layoutTimeline } from './timelineGeometry'

const WIDTH = 600
const LABEL_WIDTH = 150
const ROW_HEIGHT = 22
const AXIS_HEIGHT = 20
const CHART_WIDTH = WIDTH - LABEL_WIDTH - 10

/** Attempts as bars on one time axis, with a text list (durations and gaps) for screen readers. */
export function AttemptsTimeline({ attempts }: { attempts: readonly Attempt[] }) {
  const headingId = useId()
  const layout = layoutTimeline(attempts)
  if (layout.bars.length === 0) return null
  const height = layout.bars.length * ROW_HEIGHT + AXIS_HEIGHT
  const toX = (fraction: number) => LABEL_WIDTH + fraction * CHART_WIDTH
  const gapBefore = new Map(layout.gaps.map((gap) => [gap.beforeId, gap]))

  return (
    <figure className="timeline" aria-labelledby={headingId}>
      <figcaption id={headingId} className="timeline-caption">
        Timeline of this page’s attempts
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="timeline-chart" aria-hidden="true" focusable="false">
        {layout.gaps.map((gap) => (
          <rect
            key={`gap-${gap.beforeId}`}
            className="timeline-gap"
            x={toX(gap.x)}
            y={0}
            width={gap.width * CHART_WIDTH}
            height={height - AXIS_HEIGHT}
          />
        ))}
        {layout.bars.map((bar, row) => (
          <g key={bar.id} transform={`translate(0 ${row * ROW_HEIGHT})`}>
            <text x={0} y={15} className="timeline-label">
              {bar.id.length > 18 ? `${bar.id.slice(0, 17)}…` : bar.id}
            </text>
            <rect
              className={`timeline-bar timeline-${describeState(bar.state).tone}`}
              x={toX(bar.x)}
              y={4}
              width={bar.width * CHART_WIDTH}
              height={ROW_HEIGHT - 8}
              rx={3}
            />
          </g>
        ))}
        <text x={LABEL_WIDTH} y={height - 5} className="timeline-axis">
          {formatAbsolute(new Date(layout.startMs).toISOString(), 'local')}
        </text>
        <text x={WIDTH - 10} y={height - 5} className="timeline-axis" textAnchor="end">
          {formatAbsolute(new Date(layout.endMs).toISOString(), 'local')}
        </text>
      </svg>
      <ol className="visually-hidden">
        {layout.bars.map((bar) => {
          const gap = gapBefore.get(bar.id)
          return (
            <li key={bar.id}>
              {gap ? `After a gap of ${formatDuration(gap.durationMs)}: ` : ''}
              {bar.id}, {describeState(bar.state).label}, {formatDuration(bar.durationMs)}
            </li>
          )
        })}
      </ol>
    </figure>
  )
}
