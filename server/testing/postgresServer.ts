import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../integration/processes.ts'

/** initdb and postgres from PATH or Debian's versioned directory; null when PostgreSQL is not installed. */
export function postgresBinaries(): { initdb: string; postgres: string } | null {
  const which = (name: string) =>
    spawnSync('sh', ['-c', `command -v ${name}`])
      .stdout.toString()
      .trim()
  if (which('initdb') && which('postgres')) return { initdb: which('initdb'), postgres: which('postgres') }
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  if (!version) return null
  const bin = path.join(root, version, 'bin')
  return existsSync(path.join(bin, 'postgres'))
    ? { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') }
    : null
}

export interface RunningPostgres {
  /** A connection string for a new, empty database of this server. */
  newDatabase(): Promise<string>
  stop(): Promise<void>
}

/** Why a PostgreSQL test cannot run here, or null. Under CI that is a failure, not a skip. */
export function postgresMissing(): string | null {
  return postgresBinaries() ? null : 'PostgreSQL is not installed (apt-get install -y postgresql)'
}

const isRoot = () => process.getuid?.() === 0
/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (!isRoot()) return {}
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** A throwaway PostgreSQL server on a free port in a temporary directory, fast and not durable. */
export async function startPostgres(): Promise<RunningPostgres> {
  const binaries = postgresBinaries()
  if (!binaries) throw new Error('PostgreSQL is not installed')
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-pg-'))
  const user = serverUser()
  if ('uid' in user) chownSync(dir, user.uid, user.gid)
  const data = path.join(dir, 'data')
  const initArgs = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']
  const init = spawnSync(binaries.initdb, initArgs, { encoding: 'utf8', ...user })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`)
  const port = await freePort()
  const settings = [
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'listen_addresses=127.0.0.1',
  ]
  const args = ['-D', data, '-p', String(port), '-k', dir, ...settings]
  const server = spawn(binaries.postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], ...user })
  let log = ''
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const base = `postgresql://postgres@127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    const client = new pg.Client({ connectionString: `${base}/postgres` })
    const ok = await client.connect().then(
      () => true,
      () => false,
    )
    await client.end().catch(() => {})
    if (ok) break
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`PostgreSQL did not start:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  let databases = 0
  return {
    async newDatabase() {
      const name = `dashboard_${process.pid}_${++databases}`
      const client = new pg.Client({ connectionString: `${base}/postgres` })
      await client.connect()
      await client.query(`create database ${name}`)
      await client.end()
      return `${base}/${name}`
    },
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      if (server.exitCode === null) server.kill('SIGQUIT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
