import type { ChildProcess } from 'node:child_process'

export function freePort(): Promise<number>
export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  cwd?: string,
): { child: ChildProcess; ready: Promise<void> }
export function rssMb(pid: number): number
export function median(list: number[]): number
export function startDemo(
  token: string,
  extraArgs?: string[],
  options?: { frozen?: boolean },
): Promise<{ child: ChildProcess; ready: Promise<void>; port: number; url: string }>
export function startProduction(
  apiUrl: string,
  token: string,
  env?: Record<string, string>,
  cwd?: string,
): Promise<{ child: ChildProcess; ready: Promise<void>; port: number; origin: string }>
export function requireBuild(): void
export function chromiumPath(): string
