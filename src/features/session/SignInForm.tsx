import '../../styles/dialogs.css'
import { useId, useState, type SubmitEvent } from 'react'
import { signIn, type Session } from '../../api'
import { describeApiError } from '../../components/describeApiError'

interface SignInFormProps {
  api: string
  /** Why the user is here again, e.g. the API refused the last token. */
  notice: string | null
  onSignedIn: (session: Session) => void
}

/**
 * The token is read from the form once, posted, and the form is reset: it is kept in no React state,
 * no query cache and no storage. From then on only the HttpOnly cookie carries it.
 */
export function SignInForm({ api, notice, onSignedIn }: SignInFormProps) {
  const titleId = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const [isPending, setIsPending] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isPending) return
    const form = event.currentTarget
    const fields = new FormData(form)
    const token = fields.get('token')
    const name = fields.get('name')
    if (typeof token !== 'string' || token.trim() === '') {
      setProblem('Enter the API token.')
      return
    }
    setIsPending(true)
    setProblem(null)
    try {
      const session = await signIn(token, typeof name === 'string' ? name : '')
      form.reset()
      onSignedIn(session)
    } catch (error) {
      setProblem(describeApiError(error).message)
      setIsPending(false)
    }
  }

  return (
    <form
      className="panel sign-in"
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={titleId} className="panel-title">
        Sign in
      </h2>
      <p>
        The dashboard has no token of its own for <code className="mono">{api}</code>. Enter an API token: it
        is checked once and then kept by the dashboard’s server in a cookie this page cannot read.
      </p>
      {notice ? (
        <p className="dialog-error" role="alert">
          {notice}
        </p>
      ) : null}
      <label className="stacked-field">
        <span>API token</span>
        <input
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
        />
      </label>
      <label className="stacked-field">
        <span>Your name (optional)</span>
        <input
          name="name"
          type="text"
          autoComplete="name"
          maxLength={80}
          aria-describedby={`${titleId}-name`}
        />
      </label>
      <p id={`${titleId}-name`} className="muted field-hint">
        Shown as who you are and kept in the audit trail with a one-way mark of the token.
      </p>
      {problem ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" aria-disabled={isPending}>
        {isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
