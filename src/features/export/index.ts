export { ExportButton } from './ExportButton'
