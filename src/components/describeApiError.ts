import { isApiError } from '../api'

export interface ErrorDescription {
  message: string
  detail: string | null
}

/** Turns any thrown value into words for an error panel; the status stays visible for operators. */
export function describeApiError(error: unknown): ErrorDescription {
  if (!isApiError(error)) {
    return { message: error instanceof Error ? error.message : String(error), detail: null }
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'schema':
      return { message: error.message, detail: error.fieldPath ? `Field: ${error.fieldPath}` : null }
    case 'http': {
      const code = error.code ? ` (${error.code})` : ''
      return { message: error.message, detail: `HTTP ${error.status ?? '?'}${code}` }
    }
  }
}
