import type { CSSProperties } from 'react'
import '../../styles/upstream.css'
import { useCommands } from '../../components/useCommands'
import { useUpstreams } from '../../components/useUpstream'
import { viewQuery } from '../../lib/savedViewUrl'
import { pageOfUpstream } from '../../../shared/upstreams'

/** Another API's page with the same view (filters, window, page size), not the position: cursors are per API. */
export function upstreamPage(name: string, search: string): string {
  const view = viewQuery(search)
  return pageOfUpstream(name, view ? `?${view}` : '')
}

const goTo = (url: string) => window.location.assign(url)

/**
 * With several APIs (EXEC_API_UPSTREAMS): which one this page shows, in its colour, always in the header, and the
 * switch to another (a new page: nothing of this API's rows or counts comes with it). Nothing with one API.
 */
export function UpstreamLabel({ onSwitch = goTo }: { onSwitch?: (url: string) => void }) {
  const { current, all } = useUpstreams()
  const switchTo = (name: string) => onSwitch(upstreamPage(name, window.location.search))
  useCommands(() =>
    all
      .filter((upstream) => upstream.name !== current?.name)
      .map((upstream) => ({
        id: `upstream:${upstream.name}`,
        label: `Switch to API: ${upstream.name}`,
        group: 'API',
        keywords: 'upstream environment cluster deployment',
        run: () => switchTo(upstream.name),
      })),
  )
  if (!current) return null
  return (
    <span
      className={`upstream-label${current.danger ? ' upstream-danger' : ''}`}
      style={{ '--upstream-color': current.color } as CSSProperties}
    >
      <label>
        API{' '}
        <select value={current.name} onChange={(event) => switchTo(event.target.value)}>
          {all.map((upstream) => (
            <option key={upstream.name} value={upstream.name}>
              {upstream.name}
            </option>
          ))}
        </select>
      </label>
      {current.danger ? <strong className="upstream-danger-text">Production</strong> : null}
    </span>
  )
}
