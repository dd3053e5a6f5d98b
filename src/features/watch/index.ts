export { WatchTools } from './WatchTools'
export { WatchToggle } from './WatchToggle'
export { WatchRowsProvider } from './WatchRows'
