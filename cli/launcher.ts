// Stopping `npx tercio serve &` with `kill $!`: that signal reaches npm's wrapper
// (npm exec → sh -c → node), which passes it to the shell, and the shell dies without
// passing it on, so the node process would keep the port. Under npm, the CLI watches its
// wrapper processes and, when one of them is gone, sends itself the SIGTERM that was meant
// for it. Run directly (`node bin/tercio.mjs ...`) nothing is watched: a daemon started
// from a script may outlive that script.
import { readFileSync } from 'node:fs'

/** The parent of `pid` and its command line, from /proc (Linux); null elsewhere or when gone. */
function procInfo(pid: number): { ppid: number; cmd: string } | null {
  try {
    // stat is "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
    return Number.isInteger(ppid) ? { ppid, cmd } : null
  } catch {
    return null
  }
}

/** The wrapper processes between this process and the npm process that launched it
 *  (parent first, npm last); just the parent where /proc is not readable. */
export function launcherChain(env: NodeJS.ProcessEnv = process.env, ppid = process.ppid): number[] {
  if (!env.npm_command) return []
  const chain: number[] = []
  let pid = ppid
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    chain.push(pid)
    const info = procInfo(pid)
    if (!info) break
    if (/\bnpm\b|npm-cli\.js|npx/.test(info.cmd)) break
    pid = info.ppid
  }
  return chain
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Under npm: SIGTERM to this process once any wrapper in its launch chain is gone. */
export function followLauncher(everyMs = 250): void {
  const chain = launcherChain()
  if (chain.length === 0) return
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent && chain.every(alive)) return
    clearInterval(timer)
    process.kill(process.pid, 'SIGTERM')
  }, everyMs)
  timer.unref()
}
