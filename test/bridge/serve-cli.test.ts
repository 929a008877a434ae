// `tercio serve`'s limit flags: a bad value is one line naming the flag; good values reach the server
// (checked against a real server on loopback: --max-connections refuses a second Hello, --send-timeout
// with --heartbeat 0 drops a peer that leaves its replies unread).
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { pb, TestClient } from './client.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) c.kill('SIGTERM')
})

function serve(args: string[]): { child: ChildProcess; out: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [join(ROOT, 'bin/tercio.mjs'), 'serve', '--port', '0', '--quiet', ...args], { cwd: ROOT })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return { child, out: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('tercio serve limit flags', () => {
  it('refuses a bad value with one line naming the flag', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--max-pending', '0'], /^tercio: --max-pending: expected a whole number >= 1, got "0"$/],
      [['--max-connections', '2.5'], /^tercio: --max-connections: expected a whole number >= 1, got "2\.5"$/],
      [['--send-timeout', '-1'], /^tercio: --send-timeout: expected seconds >= 0 \(0 = off\), got "-1"$/],
      [['--hello-timeout', '0'], /^tercio: --hello-timeout: expected seconds > 0 \(at least 0\.001\), got "0"$/],
      [['--heartbeat', 'often'], /^tercio: --heartbeat: expected seconds >= 0 \(0 = off\), got "often"$/],
    ]
    const runs = await Promise.all(cases.map(([args]) => serve(args).out))
    runs.forEach((r, i) => {
      const lines = r.stderr.trimEnd().split('\n')
      expect(r.code, r.stderr).toBe(2)
      expect(lines[0]).toMatch(cases[i]?.[1] ?? /never/)
      expect(lines.slice(1)).toEqual(['(see: tercio serve --help)'])
      expect(r.stdout).toBe('')
    })
  }, 120_000)

  it('passes good values to the server: --max-connections 1, --heartbeat 0 --send-timeout 0.4', async () => {
    const { child } = serve(['--max-connections', '1', '--heartbeat', '0', '--send-timeout', '0.4'])
    const url = await new Promise<string>((resolve, reject) => {
      let text = ''
      child.stdout?.on('data', (d) => {
        text += d
        const m = /listening on (ws:\/\/\S+)/.exec(text)
        if (m?.[1]) resolve(m[1])
      })
      child.on('close', (code) => reject(new Error(`serve exited ${code}`)))
    })
    const a = await TestClient.hello(url)
    const b = await TestClient.open(url)
    b.sendRaw(pb.Envelope.encode({ id: 1, hello: { protocolVersion: 1, clientName: 'vitest' } }).finish())
    expect((await b.waitClosed()).code).toBe(1013) // one connection at most
    // `a` stops reading and sends requests whose small replies wait in the socket buffers.
    a.ws.pause()
    const closed = new Promise<{ code: number; reason: string }>((resolve) => a.ws.on('close', (code, r) => resolve({ code, reason: r.toString() })))
    for (let i = 0; i < 10; i++) a.ws.send(pb.Envelope.encode({ id: 7, step: { envSet: 999, actions: [0] } }).finish())
    await sleep(2500) // 0.4 s deadline, a read check within 0.1 s, the TCP cut 1 s after the close frame
    a.ws.resume()
    expect(await closed).toEqual({ code: 1008, reason: 'replies unread for 400 ms' })
    // Its slot is free again.
    const c = await TestClient.hello(url)
    expect((await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
    c.close()
  }, 60_000)
})
