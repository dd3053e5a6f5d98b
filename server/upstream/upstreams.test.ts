import { describe, expect, it } from 'vitest'
import { parseUpstreams } from './upstreams.ts'

const parse = (value: unknown, extra: Record<string, string> = {}) =>
  parseUpstreams({ EXEC_API_UPSTREAMS: typeof value === 'string' ? value : JSON.stringify(value), ...extra })

describe('EXEC_API_UPSTREAMS', () => {
  it('reads names, addresses, tokens, colours, danger and links', () => {
    const upstreams = parse([
      { name: 'prod', url: 'https://api.example.com/v2', token: 'abc', color: '#c00', danger: true },
      {
        name: 'staging',
        url: 'http://staging:8080',
        links: [{ label: 'Logs', url: 'https://logs/?q={id}' }],
      },
    ])
    expect(
      upstreams?.map((upstream) => [upstream.name, upstream.config.token, upstream.color, upstream.danger]),
    ).toEqual([
      ['prod', 'abc', '#c00', true],
      ['staging', null, '#8250df', false],
    ])
    expect(upstreams?.[1]?.links?.map((link) => link.label)).toEqual(['Logs'])
    expect(parseUpstreams({})).toBeNull()
  })

  it('stops start-up naming the variable, the entry and what is wrong, never a token', () => {
    const cases: [unknown, string][] = [
      ['{', 'EXEC_API_UPSTREAMS: is not JSON'],
      [[], 'must be a non-empty JSON list'],
      [[{ name: 'a b', url: 'http://x' }], 'entry 1: name must be 1 to 40 letters'],
      [
        [
          { name: 'a', url: 'http://x' },
          { name: 'A', url: 'http://y' },
        ],
        'entry 2: the name A is given twice',
      ],
      [[{ name: 'a', url: 'ftp://x' }], 'entry 1 (a): url must use http or https'],
      [[{ name: 'a', url: 'http://x', color: 'red' }], 'color must be #rgb or #rrggbb'],
      [[{ name: 'a', url: 'http://x', danger: 'yes' }], 'danger must be true or false'],
      [
        [{ name: 'a', url: 'http://x', token: 'bad token\nsecret' }],
        'entry 1 (a): token is not a valid bearer token',
      ],
      [
        [{ name: 'a', url: 'http://x', links: [{ label: 'L', url: 'javascript:alert(1)' }] }],
        'entry 1 (a): links:',
      ],
    ]
    for (const [value, words] of cases) {
      expect(() => parse(value)).toThrow(words)
      try {
        parse(value)
      } catch (error) {
        expect(String(error)).not.toContain('secret')
      }
    }
    expect(() => parse([{ name: 'a', url: 'http://x' }], { EXEC_API_URL: 'http://y' })).toThrow(
      'set it or EXEC_API_URL, not both',
    )
  })
})
