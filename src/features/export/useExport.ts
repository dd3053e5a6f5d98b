import { useCallback, useEffect, useRef, useState } from 'react'
import { apiStream } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { saveFile } from '../../lib/saveFile'
import {
  createLineCounter,
  exportEnding,
  exportPath,
  fileNameFrom,
  rowsIn,
  type ExportEnding,
  type ExportFormat,
} from './exportLines'

export type ExportPhase =
  | { kind: 'idle' }
  | { kind: 'running'; rows: number }
  | { kind: 'stopped'; rows: number }
  | { kind: 'refused'; message: string }
  | { kind: 'broken'; rows: number; message: string }
  | { kind: 'done'; rows: number; fileName: string; ending: ExportEnding }

const PROGRESS_EVERY_MS = 200

/** Streams one export at a time through the dashboard's server and saves it when it ends. */
export function useExport(search: string) {
  const [phase, setPhase] = useState<ExportPhase>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)
  const readerRef = useRef<ReadableStreamDefaultReader<Uint8Array> | null>(null)

  // Closing the dialog or leaving the page stops the download, and with it the server's paging.
  useEffect(
    () => () => {
      controllerRef.current?.abort()
      void readerRef.current?.cancel().catch(() => {})
    },
    [],
  )

  const start = useCallback(
    async (format: ExportFormat, withLinks = false) => {
      if (controllerRef.current) return
      const controller = new AbortController()
      controllerRef.current = controller
      const counter = createLineCounter(format)
      setPhase({ kind: 'running', rows: 0 })
      try {
        const path = exportPath(search, format, withLinks)
        const response = await apiStream(path, controller.signal)
        const fileName = fileNameFrom(response.headers.get('content-disposition'), format)
        const chunks: BlobPart[] = []
        const decoder = new TextDecoder()
        const reader = response.body?.getReader() ?? null
        readerRef.current = reader
        let shownAt = 0
        for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
          chunks.push(new Uint8Array(read.value))
          counter.push(decoder.decode(read.value, { stream: true }))
          if (Date.now() - shownAt > PROGRESS_EVERY_MS) {
            shownAt = Date.now()
            setPhase({ kind: 'running', rows: rowsIn(format, counter.lines, { kind: 'complete' }) })
          }
        }
        // A cancelled reader ends like a finished one; what decides is whether Stop was pressed.
        controller.signal.throwIfAborted()
        counter.push(decoder.decode())
        const ending = exportEnding(format, counter.lastLine())
        saveFile(chunks, fileName, response.headers.get('content-type') ?? 'application/octet-stream')
        setPhase({ kind: 'done', rows: rowsIn(format, counter.lines, ending), fileName, ending })
      } catch (error) {
        const rows = rowsIn(format, counter.lines, { kind: 'complete' })
        if (controller.signal.aborted) setPhase({ kind: 'stopped', rows })
        else if (counter.lines > 0)
          setPhase({ kind: 'broken', rows, message: describeApiError(error).message })
        else setPhase({ kind: 'refused', message: describeApiError(error).message })
      } finally {
        controllerRef.current = null
        readerRef.current = null
      }
    },
    [search],
  )

  const stop = useCallback(() => {
    controllerRef.current?.abort()
    void readerRef.current?.cancel().catch(() => {})
  }, [])
  const reset = useCallback(() => setPhase({ kind: 'idle' }), [])
  return { phase, start, stop, reset }
}
