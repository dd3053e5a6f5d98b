import { readFile } from 'node:fs/promises'
import type { Download } from '@playwright/test'
import { allDemoExecutions } from './demoQuery.ts'
import type { ListBody } from './executionsPage.ts'

/** Every id the demo API returns for `filters`, over all pages: what an export must contain. */
export async function allDemoIds(filters: ListBody['filters']): Promise<string[]> {
  return (await allDemoExecutions(filters)).map((execution) => execution.id)
}

/** RFC 4180 records: quoted cells may hold commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(cell)
      cell = ''
    } else if (char === '\n') {
      record.push(cell.replace(/\r$/, ''))
      records.push(record)
      record = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell])
  return records
}

export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8')
}
