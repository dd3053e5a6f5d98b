// Finds a Chromium for the e2e tests, or gets one, and tells playwright.config.ts where it is.
// Order: CHROMIUM_PATH, a system Chromium or Chrome, Playwright's own browser, `playwright install chromium`,
// and on Debian as root `apt-get install chromium`. Fails with one line saying what to install.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { BROWSER_PATH_FILE } from './cachePaths.mjs'

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
]

function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
}

function playwrightsOwn() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core')
    const executable = chromium.executablePath()
    return executable && existsSync(executable) ? executable : null
  } catch {
    return null
  }
}

function findBrowser() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = onPath(name)
    if (found) return found
  }
  return SYSTEM_PATHS.find((candidate) => existsSync(candidate)) ?? playwrightsOwn()
}

function tryToInstall() {
  console.log('No Chromium found; trying `npx playwright install chromium`…')
  if (
    spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 180_000 }).status ===
    0
  ) {
    return
  }
  const isDebianRoot = existsSync('/etc/debian_version') && process.getuid?.() === 0
  if (!isDebianRoot) return
  console.log('Trying `apt-get install -y chromium`…')
  try {
    execFileSync('apt-get', ['update', '-qq'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } catch {
    // Reported below.
  }
}

let browser = findBrowser()
if (!browser) {
  tryToInstall()
  browser = findBrowser()
}
if (!browser) {
  console.error(
    'No Chromium for the e2e tests: install Chromium or Chrome (Debian/Ubuntu: apt-get install chromium), or set CHROMIUM_PATH.',
  )
  process.exit(1)
}
mkdirSync(path.dirname(BROWSER_PATH_FILE), { recursive: true })
writeFileSync(BROWSER_PATH_FILE, browser)
console.log(`e2e browser: ${browser}`)
