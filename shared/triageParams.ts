/*
 * The failure board's page URL parameters, apart from shared/triage.ts: the first load asks only whether the board
 * is open (its layout places the board beside the list), and carries nothing else of triage.
 */
export const TRIAGE_PARAM = 'triage'
export const GROUP_PARAM = 'group'
/** The group whose samples are shown (one at a time): its id, as the board names it. */
export const OPEN_GROUP_PARAM = 'open-group'
