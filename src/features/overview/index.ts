/** The overview: counts and a time window over the list's filters (loaded with the dashboard's tools). */
export { Overview } from './Overview'
