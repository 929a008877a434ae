// Kernels registered on the tfjs `wasm` backend to make training fast and possible:
//  - Conv2DBackpropFilter: missing on wasm (a conv training step throws without it).
//  - Conv2DBackpropInput: the stock wasm kernel is a scalar loop (~10x the forward conv).
//  - BatchMatMul with a transposed operand: the stock kernel falls to a naive loop, and
//    every dense backprop (dx = dy·Wᵀ, dW = xᵀ·dy) asks for one.
//  These three are rebuilt from the fast XNNPACK kernels (Conv2D, Transpose, Reverse,
//  BatchMatMul) by calling their kernel functions directly on TensorInfos (the pattern the
//  wasm backend uses internally), so no tensors are created on the engine and intermediates
//  are freed with backend.disposeData.
//  - Identity: the stock wasm kernel copies the data, and the engine clones every tensor a
//    gradient keeps for the backward pass (a training step copied all its activations). Ours
//    shares the data, as the wasm Reshape and the cpu backend's Identity do (tensors are
//    immutable; the backend counts references).
//  - GatherV2 along axis 0 (the policy net's board features under each entity): the stock
//    kernel checks each index through a closure (~0.5 µs an index: 4–15% of the policy's
//    forward pass, bench/tf-overheads.ts). Ours checks them in a plain loop and copies the
//    rows; other gathers keep the stock kernel.
// And two gradients for every backend (tfjs' gradient registry is global):
//  - Sum and Mean: tfjs broadcasts dy by multiplying it with a `ones` tensor of the input's
//    shape built as a JS array and uploaded each time (a large ArrayBuffer per pooling layer
//    per step: CPU, and GCs forced by the external memory). Ours fills the ones on the
//    backend (the Fill kernel) and does the same multiply (Mean: then the same divide), so
//    the values are the stock gradient's to the bit. (Tiling dy instead was slower: the wasm
//    Tile kernel is a scalar loop.)
// test/training/kernels.test.ts checks them against the cpu backend (the copies and the
// gradients for exact equality).

import * as tf from '@tensorflow/tfjs'

type TensorInfo = tf.TensorInfo
type Attrs = Record<string, unknown>
interface KernelBackend {
  disposeData(dataId: object): boolean
  incRef(dataId: object): void
  makeOutput(shape: number[], dtype: tf.DataType): TensorInfo
  typedArrayFromHeap(t: TensorInfo): Float32Array | Int32Array | Uint8Array
}
interface KernelArgs {
  inputs: Record<string, TensorInfo>
  backend: KernelBackend
  attrs?: Attrs
}
type Fn = (args: KernelArgs) => TensorInfo

const WASM = 'wasm'
/** Kernel names this module registers (or replaces) on the wasm backend. */
export const WASM_KERNELS = ['Conv2DBackpropFilter', 'Conv2DBackpropInput', 'BatchMatMul', 'Identity', 'GatherV2'] as const
export type WasmKernelName = (typeof WASM_KERNELS)[number]

let registered: WasmKernelName[] | null = null

function kernelFn(name: string): Fn {
  const k = tf.getKernel(name, WASM)
  if (!k) throw new Error(`wasm kernel ${name} is not registered (is @tensorflow/tfjs-backend-wasm loaded?)`)
  return k.kernelFunc as unknown as Fn
}

const pairOf = (v: unknown, what: string): [number, number] => {
  if (typeof v === 'number') return [v, v]
  if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number') return [v[0], v[1]]
  throw new Error(`bad ${what} attribute: ${JSON.stringify(v)}`)
}

/** Registers the kernels on the wasm backend and the Sum/Mean gradients (idempotent). Call
 *  after the wasm backend is registered (its stock kernels are wrapped). Returns the kernel
 *  names now in place. */
export function registerWasmKernels(): readonly WasmKernelName[] {
  if (registered) return registered
  const conv2d = kernelFn('Conv2D')
  const transpose = kernelFn('Transpose')
  const reverse = kernelFn('Reverse')
  const slice = kernelFn('Slice')
  const stockMatMul = tf.getKernel('BatchMatMul', WASM)
  const stockBackpropInput = tf.getKernel('Conv2DBackpropInput', WASM)
  const stockGather = tf.getKernel('GatherV2', WASM)
  if (!stockMatMul) throw new Error('wasm kernel BatchMatMul is not registered')
  const matMul = stockMatMul.kernelFunc as unknown as Fn

  const isNHWC = (fmt: unknown): boolean => fmt === undefined || fmt === 'NHWC'

  // dW[kh,kw,ci,co] = Σ_{b,oh,ow} x[b, oh·s+kh−pt, ow·s+kw−pl, ci] · dy[b,oh,ow,co]:
  // a convolution of x (channels ↔ batch swapped) with dy as the filter, dilated by the stride.
  const backpropFilter: Fn = ({ inputs, backend, attrs }) => {
    const x = inputs['x'] as TensorInfo
    const dy = inputs['dy'] as TensorInfo
    const a = attrs ?? {}
    if (!isNHWC(a['dataFormat'])) throw new Error('Conv2DBackpropFilter (wasm): only NHWC is supported')
    const filterShape = a['filterShape'] as [number, number, number, number]
    const info = tf.backend_util.computeConv2DInfo(
      x.shape as [number, number, number, number],
      filterShape,
      pairOf(a['strides'], 'strides'),
      1,
      a['pad'] as 'same' | 'valid' | number,
      a['dimRoundingMode'] as 'floor' | 'round' | 'ceil' | undefined,
    )
    const { top, bottom, left, right } = info.padInfo
    const xT = transpose({ inputs: { x }, backend, attrs: { perm: [3, 1, 2, 0] } }) // [Ci,H,W,B]
    const dyT = transpose({ inputs: { x: dy }, backend, attrs: { perm: [1, 2, 0, 3] } }) // [OH,OW,B,Co]
    const c = conv2d({
      inputs: { x: xT, filter: dyT },
      backend,
      attrs: {
        strides: [1, 1],
        dilations: [info.strideHeight, info.strideWidth],
        pad: [[0, 0], [top, bottom], [left, right], [0, 0]],
        dataFormat: 'NHWC',
        dimRoundingMode: undefined,
      },
    }) // [Ci, ≥KH, ≥KW, Co]
    backend.disposeData(xT.dataId)
    backend.disposeData(dyT.dataId)
    const [kh, kw, ci, co] = filterShape
    let cut = c
    if (c.shape[1] !== kh || c.shape[2] !== kw) {
      cut = slice({ inputs: { x: c }, backend, attrs: { begin: [0, 0, 0, 0], size: [ci, kh, kw, co] } })
      backend.disposeData(c.dataId)
    }
    const out = transpose({ inputs: { x: cut }, backend, attrs: { perm: [1, 2, 0, 3] } })
    backend.disposeData(cut.dataId)
    return out
  }

  // Stride 1: dx is the "full" convolution of dy with the filter rotated 180° and its
  // in/out channels swapped. Other strides keep the stock kernel (our nets use stride 1).
  const backpropInput: Fn = (args) => {
    const { inputs, backend, attrs } = args
    const dy = inputs['dy'] as TensorInfo
    const filter = inputs['filter'] as TensorInfo
    const a = attrs ?? {}
    const [sh, sw] = pairOf(a['strides'], 'strides')
    const fshape = filter.shape as [number, number, number, number]
    const inputShape = a['inputShape'] as [number, number, number, number]
    const info = tf.backend_util.computeConv2DInfo(
      inputShape,
      fshape,
      [sh, sw],
      1,
      a['pad'] as 'same' | 'valid' | number,
      a['dimRoundingMode'] as 'floor' | 'round' | 'ceil' | undefined,
    )
    const [kh, kw] = fshape
    const { top, bottom, left, right } = info.padInfo
    const pads = [kh - 1 - top, kh - 1 - bottom, kw - 1 - left, kw - 1 - right]
    if (sh !== 1 || sw !== 1 || !isNHWC(a['dataFormat']) || pads.some((p) => p < 0)) {
      if (!stockBackpropInput) throw new Error('Conv2DBackpropInput (wasm): unsupported configuration')
      return (stockBackpropInput.kernelFunc as unknown as Fn)(args)
    }
    const flipped = reverse({ inputs: { x: filter }, backend, attrs: { dims: [0, 1] } })
    const w = transpose({ inputs: { x: flipped }, backend, attrs: { perm: [0, 1, 3, 2] } }) // [KH,KW,Co,Ci]
    backend.disposeData(flipped.dataId)
    const out = conv2d({
      inputs: { x: dy, filter: w },
      backend,
      attrs: {
        strides: [1, 1],
        dilations: [1, 1],
        pad: [[0, 0], [pads[0], pads[1]], [pads[2], pads[3]], [0, 0]],
        dataFormat: 'NHWC',
        dimRoundingMode: undefined,
      },
    })
    backend.disposeData(w.dataId)
    return out
  }

  // A new tensor on the same data (reference counted), as the stock Reshape does.
  const identity: Fn = ({ inputs, backend }) => {
    const x = inputs['x'] as TensorInfo
    if (x.dtype === 'string') throw new Error('Identity (wasm): string tensors are not supported')
    backend.incRef(x.dataId)
    return { dataId: x.dataId, shape: x.shape, dtype: x.dtype }
  }

  // Rows x[indices[i]] of x (axis 0): a bounds check in a loop, then one copy per row.
  const gather: Fn = (args) => {
    const { inputs, backend, attrs } = args
    const x = inputs['x'] as TensorInfo
    const indices = inputs['indices'] as TensorInfo
    const axis = tf.util.parseAxisParam(attrs?.['axis'] as number, x.shape)[0]
    if (axis !== 0 || ((attrs?.['batchDims'] as number | undefined) ?? 0) !== 0 || x.dtype === 'string' || indices.dtype !== 'int32') {
      if (!stockGather) throw new Error('GatherV2 (wasm): unsupported configuration')
      return (stockGather.kernelFunc as unknown as Fn)(args)
    }
    const n = x.shape[0] as number
    const row = tf.util.sizeFromShape(x.shape.slice(1))
    const out = backend.makeOutput([...indices.shape, ...x.shape.slice(1)], x.dtype)
    // views taken after makeOutput, which may grow (and so move) the wasm memory
    const idx = backend.typedArrayFromHeap(indices)
    for (let i = 0; i < idx.length; i++) {
      const k = idx[i] as number
      if (!(k >= 0 && k < n)) {
        backend.disposeData(out.dataId)
        throw new Error(`GatherV2: the index value ${k} is not in [0, ${n - 1}]`)
      }
    }
    const xs = backend.typedArrayFromHeap(x)
    const os = backend.typedArrayFromHeap(out)
    for (let i = 0; i < idx.length; i++) {
      const k = (idx[i] as number) * row
      os.set(xs.subarray(k, k + row), i * row)
    }
    return out
  }

  // Materialise the transposed operand with the fast Transpose, then the fast plain matmul.
  const batchMatMul: Fn = (args) => {
    const { inputs, backend, attrs } = args
    const ta = attrs?.['transposeA'] === true
    const tb = attrs?.['transposeB'] === true
    if (!ta && !tb) return matMul(args)
    const swapLast = (t: TensorInfo): TensorInfo => {
      const r = t.shape.length
      const perm = Array.from({ length: r }, (_, i) => (i === r - 2 ? r - 1 : i === r - 1 ? r - 2 : i))
      return transpose({ inputs: { x: t }, backend, attrs: { perm } })
    }
    const a = ta ? swapLast(inputs['a'] as TensorInfo) : (inputs['a'] as TensorInfo)
    const b = tb ? swapLast(inputs['b'] as TensorInfo) : (inputs['b'] as TensorInfo)
    const out = matMul({ inputs: { a, b }, backend, attrs: { ...attrs, transposeA: false, transposeB: false } })
    if (ta) backend.disposeData(a.dataId)
    if (tb) backend.disposeData(b.dataId)
    return out
  }

  const put = (name: WasmKernelName, fn: Fn, setupFunc?: tf.KernelConfig['setupFunc']): void => {
    if (tf.getKernel(name, WASM)) tf.unregisterKernel(name, WASM)
    const cfg: tf.KernelConfig = { kernelName: name, backendName: WASM, kernelFunc: fn as unknown as tf.KernelConfig['kernelFunc'] }
    // Keep the stock setup so a re-initialised backend re-binds the wasm functions we call.
    if (setupFunc) cfg.setupFunc = setupFunc
    tf.registerKernel(cfg)
  }
  put('Conv2DBackpropFilter', backpropFilter)
  put('Conv2DBackpropInput', backpropInput, stockBackpropInput?.setupFunc)
  put('BatchMatMul', batchMatMul, stockMatMul.setupFunc)
  put('Identity', identity)
  put('GatherV2', gather, stockGather?.setupFunc)
  registerReduceGradients()
  registered = [...WASM_KERNELS]
  return registered
}

/** dy·1 broadcast to x's shape (dy reshaped to x's rank, size 1 on the reduced axes), and
 *  the number of elements each output summed: tfjs' own `mul(expandedDy, ones(x.shape))`,
 *  with the ones filled by the backend. */
function broadcastDy(dy: tf.Tensor, x: tf.Tensor, axis: unknown): { dx: tf.Tensor; n: number } {
  const axes = tf.util.parseAxisParam(axis as number | number[], x.shape)
  const shape = x.shape.slice()
  let n = 1
  for (const a of axes) {
    n *= shape[a] as number
    shape[a] = 1
  }
  return { dx: tf.mul(tf.reshape(dy, shape), tf.fill(x.shape, 1, 'float32')), n }
}

/** Sum and Mean gradients whose ones come from the backend (see the header). */
function registerReduceGradients(): void {
  tf.registerGradient({
    kernelName: 'Sum',
    inputsToSave: ['x'],
    gradFunc: (dy, saved, attrs) => {
      const x = saved[0] as tf.Tensor
      return { x: () => broadcastDy(dy as tf.Tensor, x, attrs['axis']).dx }
    },
  })
  tf.registerGradient({
    kernelName: 'Mean',
    inputsToSave: ['x'],
    gradFunc: (dy, saved, attrs) => {
      const x = saved[0] as tf.Tensor
      return {
        x: () => {
          const b = broadcastDy(dy as tf.Tensor, x, attrs['axis'])
          return tf.div(b.dx, b.n)
        },
      }
    },
  })
}
