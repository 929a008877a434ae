// `npx tercio serve &` then `kill $!`: the signal reaches npm's wrapper, not node; the
// server must stop all the same (cli/launcher.ts), for `serve` and for `view`.
import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { launcherChain } from '../../cli/launcher.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Starts `npx tercio ...` and resolves with the first stdout line that matches `ready`. */
function startNpx(args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray; err: () => string }> {
  // Its own process group, so a failed test can still clean up every process of it.
  const child = spawn('npx', ['tercio', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let out = ''
  let err = ''
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  return new Promise((ok, bad) => {
    const timer = setTimeout(() => bad(new Error(`no "${ready}" from npx tercio ${args.join(' ')} in 90 s; stderr: ${err}`)), 90_000)
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = ready.exec(out)
      if (m) {
        clearTimeout(timer)
        ok({ child, match: m, err: () => err })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      bad(new Error(`npx tercio ${args.join(' ')} exited (${code}) before it was ready; stderr: ${err}`))
    })
  })
}

const listening = (port: number): Promise<boolean> =>
  new Promise((ok) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy()
      ok(true)
    })
    s.on('error', () => ok(false))
  })

/** Polls until nothing listens on the port (true) or `ms` pass (false). */
async function closedWithin(port: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (!(await listening(port))) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

describe('stopping the npx launcher stops the server', () => {
  for (const [name, args, ready] of [
    ['serve', ['serve', '--port', '0'], /listening on ws:\/\/127\.0\.0\.1:(\d+)/],
    ['view', ['view', '--port', '0'], /serving http:\/\/127\.0\.0\.1:(\d+)\//],
  ] as const) {
    it(`npx tercio ${name}, then SIGTERM to npx: the port is released`, async () => {
      const { child, match, err } = await startNpx([...args], ready)
      const port = Number(match[1])
      expect(await listening(port)).toBe(true)
      // What `kill $!` does after `npx tercio serve &`: the signal goes to npm's process only.
      child.kill('SIGTERM')
      const closed = await closedWithin(port, 10_000)
      if (!closed) process.kill(-(child.pid as number), 'SIGKILL')
      expect(closed, `port ${port} still open 10 s after SIGTERM to npx; stderr: ${err()}`).toBe(true)
    }, 120_000)
  }
})

describe('launcherChain', () => {
  it('watches nothing when not run by npm, and starts from the parent when it is', () => {
    expect(launcherChain({}, process.ppid)).toEqual([])
    const chain = launcherChain({ npm_command: 'exec' }, process.ppid)
    expect(chain[0]).toBe(process.ppid)
    expect(chain.length).toBeLessThanOrEqual(4)
  })
})
