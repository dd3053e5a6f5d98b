import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { readSignInBody } from './session.ts'

let signInMode: TestDashboard

beforeAll(async () => {
  // Never called: every body here is refused before the token is checked.
  signInMode = await startTestDashboard({ env: { EXEC_API_URL: 'http://127.0.0.1:9/v2' } })
})

afterAll(() => signInMode.close())

const signInWith = (body: string) =>
  rawRequest(`${signInMode.url}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  })

describe('the sign-in body', () => {
  it('is read as its fields when it is a JSON object, and as none when empty', () => {
    expect(readSignInBody(Buffer.from('{"token":"t","name":"n"}'))).toEqual({
      fields: { token: 't', name: 'n' },
      problem: null,
    })
    expect(readSignInBody(Buffer.alloc(0))).toEqual({ fields: {}, problem: null })
  })

  it('says a cut-off body is not valid JSON, rather than that the token is missing', async () => {
    const answer = await signInWith('{"token":"x"')
    expect(answer.status).toBe(400)
    expect(jsonOf(answer).error).toMatchObject({
      code: 'bad_request',
      message: 'The sign-in request’s body is not valid JSON; send {"token": "<your API token>"}.',
    })
  })

  it('says a body that is JSON but not an object must be one', async () => {
    for (const body of ['["x"]', '"x"', 'null']) {
      const answer = await signInWith(body)
      expect([body, answer.status, jsonOf(answer).error.message]).toEqual([
        body,
        400,
        'The sign-in request’s body must be a JSON object; send {"token": "<your API token>"}.',
      ])
    }
  })

  it('still asks for the token when the object has none', async () => {
    const answer = await signInWith('{"name":"olga"}')
    expect(jsonOf(answer).error.message).toBe('token: enter the API token.')
  })
})
