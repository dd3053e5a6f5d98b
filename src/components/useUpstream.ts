import { useQuery } from '@tanstack/react-query'
import { currentUpstream, upstreamsQuery } from '../api/upstreams'

/** The API this page shows, and the others (with several APIs in one dashboard); nothing with one. */
export function useUpstreams() {
  const { data } = useQuery(upstreamsQuery())
  return { current: currentUpstream(data, window.location.pathname), all: data?.upstreams ?? [] }
}
