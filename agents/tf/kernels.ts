// Kernels registered on the tfjs `wasm` backend to make training fast and possible:
//  - Conv2DBackpropFilter: missing on wasm (a conv training step throws without it).
//  - Conv2DBackpropInput: the stock wasm kernel is a scalar loop (~10x the forward conv).
//  - BatchMatMul with a transposed operand: the stock kernel falls to a naive loop, and
//    every dense backprop (dx = dy·Wᵀ, dW = xᵀ·dy) asks for one.
// Each is rebuilt from the fast XNNPACK kernels (Conv2D, Transpose, Reverse, BatchMatMul)
// by calling their kernel functions directly on TensorInfos (the pattern the wasm backend
// uses internally), so no tensors are created on the engine and intermediates are freed
// with backend.disposeData. test/training/kernels.test.ts checks them against the cpu backend.

import * as tf from '@tensorflow/tfjs'

type TensorInfo = tf.TensorInfo
type Attrs = Record<string, unknown>
interface KernelBackend {
  disposeData(dataId: object): boolean
}
interface KernelArgs {
  inputs: Record<string, TensorInfo>
  backend: KernelBackend
  attrs?: Attrs
}
type Fn = (args: KernelArgs) => TensorInfo

const WASM = 'wasm'
/** Kernel names this module registers (or replaces) on the wasm backend. */
export const WASM_KERNELS = ['Conv2DBackpropFilter', 'Conv2DBackpropInput', 'BatchMatMul'] as const
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

/** Registers the kernels on the wasm backend (idempotent). Call after the wasm backend is
 *  registered (its stock kernels are wrapped). Returns the kernel names now in place. */
export function registerWasmKernels(): readonly WasmKernelName[] {
  if (registered) return registered
  const conv2d = kernelFn('Conv2D')
  const transpose = kernelFn('Transpose')
  const reverse = kernelFn('Reverse')
  const slice = kernelFn('Slice')
  const stockMatMul = tf.getKernel('BatchMatMul', WASM)
  const stockBackpropInput = tf.getKernel('Conv2DBackpropInput', WASM)
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
  registered = [...WASM_KERNELS]
  return registered
}
