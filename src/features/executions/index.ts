export { ExecutionsPage } from './ExecutionsPage'
