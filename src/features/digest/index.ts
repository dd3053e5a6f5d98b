export { SinceLastLooked } from './SinceLastLooked'
