export { WatchTools } from './WatchTools'
export { WatchToggle } from './WatchToggle'
