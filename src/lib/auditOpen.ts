// Apart from auditUrl.ts: the first load asks only whether the trail is open (the rest loads with the tools).

/** `audit=1`: the page shows the audit trail in the list's place. */
export const AUDIT_PARAM = 'audit'
export const isAuditOpen = (search: string) => new URLSearchParams(search).get(AUDIT_PARAM) === '1'
