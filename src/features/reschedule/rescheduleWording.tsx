import type { ReactNode } from 'react'
import type { RescheduleOutcome } from '../../api'
import { IdText } from '../../components/IdText'
import { describeState } from '../../components/StateCell'

/** What to announce after a 2xx answer: only what the answer proves; every id isolated (components/IdText). */
export function successMessage(outcome: RescheduleOutcome): ReactNode {
  const id = <IdText id={outcome.requestedId} />
  switch (outcome.kind) {
    case 'applied':
      return (
        <>
          Execution {id} rescheduled; the API says its state is now{' '}
          {describeState(outcome.execution.state).label}.
        </>
      )
    case 'new-execution':
      return (
        <>
          Execution {id} was rescheduled as a new execution, <IdText id={outcome.execution.id} />.
        </>
      )
    case 'requested':
      return outcome.status === 202 ? (
        <>Reschedule of {id} requested: accepted by the API; it may take a moment.</>
      ) : (
        <>
          Reschedule of {id} requested (HTTP {outcome.status}, no execution in the answer); refreshing its
          state.
        </>
      )
  }
}
