import { describe, expect, it } from 'vitest'
import { settingsFromEnv } from './config.ts'

const settings = (env: Record<string, string>) =>
  settingsFromEnv(env, { production: false, signInMode: false })

describe('addresses from the environment', () => {
  it('takes an http(s) webhook and refuses another without repeating it (it is a secret)', () => {
    expect(settings({ DASHBOARD_WEBHOOK_URL: 'https://hooks.example.com/T/B/x' }).webhookUrl).toBe(
      'https://hooks.example.com/T/B/x',
    )
    expect(settings({}).webhookUrl).toBeNull()
    expect(() => settings({ DASHBOARD_WEBHOOK_URL: 'ftp://hooks/secret-path' })).toThrow(
      'DASHBOARD_WEBHOOK_URL must be an http(s) URL',
    )
    expect(() => settings({ DASHBOARD_WEBHOOK_URL: 'ftp://hooks/secret-path' })).not.toThrow('secret-path')
  })

  it('takes the public origin of an http(s) address and names what it refuses', () => {
    expect(settings({ DASHBOARD_PUBLIC_ORIGIN: 'https://ops.example.com/path' }).publicOrigin).toBe(
      'https://ops.example.com',
    )
    expect(() => settings({ DASHBOARD_PUBLIC_ORIGIN: 'ops' })).toThrow(
      'DASHBOARD_PUBLIC_ORIGIN must be an http(s) origin such as https://ops.example.com, not "ops"',
    )
  })
})
