#!/usr/bin/env node
// Standalone `serve` (same options as `tercio serve`) run from the sources with tsx: lets the tests and
// the benchmarks start a server without the rest of the CLI. bridge/standalone.ts is the program (also
// bundled into the Python wheel).
import { register } from 'tsx/esm/api'
register()
await import('./standalone.ts')
