export { applyDefaultViewOnStart } from './defaultView'
export { ViewsBar } from './ViewsBar'
