export { ViewsBar } from './ViewsBar'
