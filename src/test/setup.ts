import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy/waitFor wait on a condition. A lazy chunk's first import (its modules transformed on demand) can take
// several seconds on a busy machine, far more than the 1 s default: that would fail a test that is only waiting.
configure({ asyncUtilTimeout: 15_000 })

afterEach(() => {
  cleanup()
})

// jsdom has <dialog> but not its modal API; enough of it for components that open one.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true
    },
    close(this: HTMLDialogElement) {
      this.open = false
    },
  })
}
