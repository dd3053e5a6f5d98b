import { skipToken, useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { Execution } from '../../api'
import { linkKeys } from '../../api/queryKeys'
import { afterFirstScreen, lazyModule } from '../../lib/lazyPart'
import type { LinkSettings } from '../../../shared/linkTemplates'

/** The log links' own chunk, shared with the panel; loaded as the app starts (see preloadRowLinks). */
export const loadLogLinks = () => import('./LogLinks')
const useLogLinksModule = lazyModule(afterFirstScreen(loadLogLinks))
type LogLinksModule = Awaited<ReturnType<typeof loadLogLinks>>

interface RowLinksValue {
  settings: LinkSettings
  RowLinkList: LogLinksModule['RowLinkList']
}
const RowLinksContext = createContext<RowLinksValue | null>(null)

/** Until the chunk is there: the cached templates if any, nothing asked (reading them is the chunk's code). */
const untilLoaded: UseQueryOptions<LinkSettings, Error, LinkSettings, typeof linkKeys.all> = {
  queryKey: linkKeys.all,
  queryFn: skipToken,
}

/**
 * The rows' log and trace links (DASHBOARD_LINKS), read once for the whole list: a row reads them and
 * subscribes to nothing. Without execution links configured, rows draw nothing.
 */
export function RowLinksProvider({ children }: { children: ReactNode }) {
  const module = useLogLinksModule()
  const settings = useQuery(module?.linksQuery() ?? untilLoaded).data
  const wanted = settings?.links.some((template) => !template.url.includes('{attempt.id}')) === true
  const value = useMemo(
    () => (wanted && settings && module ? { settings, RowLinkList: module.RowLinkList } : null),
    [wanted, settings, module],
  )
  return <RowLinksContext.Provider value={value}>{children}</RowLinksContext.Provider>
}

/** A failure sample's log and trace links (the board's samples, outside the list's provider). */
export function SampleLinks({ execution }: { execution: Execution }) {
  const module = useLogLinksModule()
  return module ? <module.RowLogLinks execution={execution} /> : null
}

/** A row's execution links, beside its Reschedule. */
export function RowLinks({ execution }: { execution: Execution }) {
  const links = useContext(RowLinksContext)
  return links ? <links.RowLinkList execution={execution} settings={links.settings} /> : null
}
