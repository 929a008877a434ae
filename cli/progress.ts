// Progress on stderr: a redrawn bar with rate and ETA on a terminal, plain
// periodic lines otherwise (CI logs, pipes). Results go to stdout, untouched.
import { thousands } from './table.ts'

export interface ProgressOptions {
  label: string
  total: number
  unit?: string
  stream?: NodeJS.WriteStream
  /** Seconds between plain lines when not a terminal (default 10). */
  plainEvery?: number
  /** Force terminal mode on/off (default: stream.isTTY). */
  tty?: boolean
  /** Show the rate (`1,234 games/s`); off where the count is itself time or a percentage. */
  rate?: boolean
}

export class Progress {
  private readonly start = performance.now()
  private lastDraw = 0
  private lastPlain = 0
  private readonly stream: NodeJS.WriteStream
  private readonly tty: boolean
  private finished = false
  private lastDone = -1

  constructor(private readonly o: ProgressOptions) {
    this.stream = o.stream ?? process.stderr
    this.tty = o.tty ?? Boolean(this.stream.isTTY)
  }

  update(done: number, extra = ''): void {
    if (this.finished || done === this.lastDone) return
    this.lastDone = done
    const now = performance.now()
    if (this.tty) {
      if (now - this.lastDraw < 100 && done < this.o.total) return
      this.lastDraw = now
      this.stream.write(`\r${this.line(done, now, extra, true)}\x1b[K`)
    } else if (now - this.lastPlain >= (this.o.plainEvery ?? 10) * 1000 || done >= this.o.total) {
      this.lastPlain = now
      this.stream.write(this.line(done, now, extra, false) + '\n')
    }
  }

  /** Erases the bar's line (terminal) so a log line can be written; the next update redraws it. */
  clear(): void {
    if (this.tty && !this.finished) this.stream.write('\r\x1b[K')
    this.lastDone = -1
  }

  done(extra = ''): void {
    if (this.finished) return
    if (this.tty) this.stream.write(`\r${this.line(this.o.total, performance.now(), extra, true)}\x1b[K\n`)
    this.finished = true
  }

  line(done: number, now: number, extra: string, bar: boolean): string {
    const total = Math.max(1, this.o.total)
    const frac = Math.min(1, done / total)
    const secs = (now - this.start) / 1000
    const rate = secs > 0 ? done / secs : 0
    const eta = rate > 0 ? (total - done) / rate : Infinity
    const width = 28
    const filled = Math.round(frac * width)
    const b = bar ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : ''
    const unit = this.o.unit ?? ''
    // A percentage is its own count: "42%", not "42/100 %".
    const count = unit === '%' ? '' : ` ${thousands(done)}/${thousands(total)}${unit ? ' ' + unit : ''}`
    const speed = this.o.rate === false ? '' : ` ${thousands(rate)}${unit ? ' ' + unit : ''}/s`
    return `${this.o.label} ${b}${(frac * 100).toFixed(1).padStart(5)}%${count}${speed} ETA ${formatDuration(eta)}${extra ? ' ' + extra : ''}`
  }
}

export function formatDuration(secs: number): string {
  if (!Number.isFinite(secs)) return '--'
  const s = Math.round(secs)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}
