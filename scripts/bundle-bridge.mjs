#!/usr/bin/env node
// Bundles the bridge server (bridge/standalone.ts and everything it imports) into one ES module that any
// Node >= 20 runs with nothing installed: OUT/tercio-server.mjs, and OUT/scenarios.json, the built-in
// scenario ids that bundle serves (read from it, so the two always agree). The Python wheel ships both
// (clients/python/setup.py calls this into its build folder). The bundle's version (its Welcome's, and
// `tercio-server.mjs version`) is package.json's, written in at bundle time; the wheel takes it from there.
// Checkpoint (ckpt:) and ONNX (onnx:) opponents need TF.js / onnxruntime-node, which are not bundled:
// in the bundle such a spec is refused with AGENT_INVALID saying so.
// Usage: node scripts/bundle-bridge.mjs OUT
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const out = process.argv[2]
if (!out) {
  console.error('usage: node scripts/bundle-bridge.mjs OUT (the folder to write tercio-server.mjs and scenarios.json to)')
  process.exit(2)
}
const root = fileURLToPath(new URL('..', import.meta.url))
const dir = resolve(out)
mkdirSync(dir, { recursive: true })
const bundle = join(dir, 'tercio-server.mjs')
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

const unavailable = (kind, fn) =>
  `export async function ${fn}(_engine, path) {
     return { ok: false, error: { code: 'AGENT_INVALID', message: '${kind}:' + path + ': ${kind} opponents need the server of the Tercio repository (npx tercio serve), not the one bundled in the Python package' } }
   }`
const STUBS = { 'policy/agent.ts': unavailable('ckpt', 'loadPolicyAgent'), 'onnx.ts': unavailable('onnx', 'loadOnnxAgent') }

await build({
  entryPoints: [join(root, 'bridge/standalone.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  define: { TERCIO_VERSION: JSON.stringify(version) },
  // ws requires its optional native helpers in a try/catch; the CommonJS parts need a require.
  external: ['bufferutil', 'utf-8-validate'],
  banner: { js: "import { createRequire as __tercioRequire } from 'node:module'; const require = __tercioRequire(import.meta.url);" },
  plugins: [
    {
      name: 'no-model-opponents',
      setup(b) {
        b.onResolve({ filter: /^\.\/(policy\/agent|onnx)\.ts$/ }, (a) =>
          a.importer.endsWith(join('agents', 'registry.ts')) ? { path: a.path.slice(2), namespace: 'stub' } : undefined,
        )
        b.onLoad({ filter: /.*/, namespace: 'stub' }, (a) => ({ contents: STUBS[a.path], loader: 'js' }))
      },
    },
  ],
})
const built = execFileSync(process.execPath, [bundle, 'version'], { encoding: 'utf8' }).trim()
if (built !== version) throw new Error(`bundle-bridge: the bundle says version ${built}, package.json ${version}`)
const ids = JSON.parse(execFileSync(process.execPath, [bundle, 'scenarios'], { encoding: 'utf8' }))
writeFileSync(join(dir, 'scenarios.json'), JSON.stringify(ids) + '\n')
console.log(`bundle-bridge: ${bundle} (version ${version}, ${ids.length} scenarios)`)
