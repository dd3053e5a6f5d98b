import { useId, type CSSProperties } from 'react'
import type { Attempt } from '../../api'
import { describeState } from '../../components/StateCell'
import { useTimeMode } from '../../components/TimeDisplay'
import { formatDuration } from '../../lib/duration'
import { layoutTimeline } from './timelineGeometry'
import { timelineTicks, zoneName } from './timelineTicks'
import { visibleText } from '../../../shared/visibleText'

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`

/**
 * Attempts as bars on one time axis, drawn in HTML so its text stays readable at any panel width; the
 * axis follows the Times setting (UTC, else local) and names its zone. A text list serves screen readers.
 */
export function AttemptsTimeline({ attempts }: { attempts: readonly Attempt[] }) {
  const headingId = useId()
  const mode = useTimeMode()
  const layout = layoutTimeline(attempts)
  if (layout.bars.length === 0) return null
  const zone = mode === 'utc' ? 'utc' : 'local'
  const ticks = timelineTicks(layout.startMs, layout.endMs, zone)
  const gapBefore = new Map(layout.gaps.map((gap) => [gap.beforeId, gap]))

  return (
    <figure className="timeline" aria-labelledby={headingId}>
      <figcaption id={headingId} className="timeline-caption">
        Timeline of this page’s attempts
      </figcaption>
      <div className="timeline-chart" aria-hidden="true">
        {layout.bars.map((bar) => (
          <div key={bar.id} className="timeline-row">
            <span className="timeline-label mono" title={bar.id}>
              {visibleText(bar.id)}
            </span>
            <span className="timeline-track">
              {gapBefore.has(bar.id) ? (
                <span
                  className="timeline-gap"
                  style={{
                    left: percent(gapBefore.get(bar.id)?.x ?? 0),
                    width: percent(gapBefore.get(bar.id)?.width ?? 0),
                  }}
                />
              ) : null}
              <span
                className={`timeline-bar timeline-${describeState(bar.state).tone}`}
                style={{ left: percent(bar.x), width: percent(bar.width) }}
              />
            </span>
          </div>
        ))}
        <div className="timeline-row timeline-axis-row">
          <span className="timeline-label muted">{zoneName(zone)}</span>
          <span className="timeline-track timeline-axis">
            {ticks.map((tick) => (
              <span
                key={tick.fraction}
                className="timeline-tick"
                // Shifted by its own position, so the first and last labels stay inside the track.
                style={
                  {
                    left: percent(tick.fraction),
                    transform: `translateX(-${percent(tick.fraction)})`,
                    '--at': percent(tick.fraction),
                  } as CSSProperties
                }
              >
                {tick.label}
              </span>
            ))}
          </span>
        </div>
      </div>
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
