export { PaletteLauncher } from './PaletteLauncher'
