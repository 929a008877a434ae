// Worker entry for bench.ts's thread-scaling measurement: workers do not inherit
// the parent's TypeScript loader, so register tsx here before loading bench.ts.
import { register } from 'tsx/esm/api'
register()
await import('./bench.ts')
