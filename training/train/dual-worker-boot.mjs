// Worker entry: workers do not inherit the parent's TypeScript loader, so
// register tsx here before loading the TypeScript worker.
import { register } from 'tsx/esm/api'
register()
await import('./dual-worker.ts')
