import { describe, expect, it } from 'vitest'
import {
  DASHBOARD_ERROR_CODES,
  DASHBOARD_ERROR_HEADER,
  dashboardErrorInfo,
  isDashboardErrorCode,
  REFUSED_TOKEN_CODES,
} from './errorCodes'

describe('the dashboard’s error codes', () => {
  it('give each code an origin and the words the UI leads with', () => {
    for (const [code, info] of Object.entries(DASHBOARD_ERROR_CODES)) {
      expect(['refusal', 'api', 'session'], code).toContain(info.origin)
      if (info.lead !== '') expect(info.lead, code).toMatch(/:$/)
    }
    expect(dashboardErrorInfo('export_in_progress')).toEqual({
      origin: 'refusal',
      lead: 'The dashboard is busy for you:',
    })
  })

  it('know only their own codes', () => {
    expect(isDashboardErrorCode('not_found')).toBe(true)
    expect(isDashboardErrorCode('toString')).toBe(false)
    expect(isDashboardErrorCode(7)).toBe(false)
    expect(dashboardErrorInfo('conflict')).toBeNull()
  })

  it('mark the refused-token codes and the header as the server sends them', () => {
    for (const code of REFUSED_TOKEN_CODES) expect(isDashboardErrorCode(code)).toBe(true)
    // A request that carried no session leads back to the sign-in form, as an ended one does.
    expect(REFUSED_TOKEN_CODES).toEqual(expect.arrayContaining(['session_expired', 'not_signed_in']))
    expect(DASHBOARD_ERROR_HEADER).toBe('X-Dashboard-Error')
  })
})
