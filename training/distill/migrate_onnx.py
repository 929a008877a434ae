"""Carries an ONNX policy (the `onnx:` agent's format, agents/onnx.ts) across an env interface change,
matching the two env specs by name: every input channel, entity feature, global and action of the old
spec is looked up by its name in the new one.

- Inputs: a Gather at the front of the graph maps the new layout onto the old one, so the network sees
  exactly what it saw before. Names the new spec adds (a new decision kind's one-hot, say) are dropped:
  the network has no weights for them, as if they entered with zero weights. Names the old spec had and
  the new one lacks read 0.
- Logits: a Gather at the end maps the old actions onto the new layout; an action the old spec did not
  have gets a constant low logit, so the network never prefers it but masking still picks it when it is
  the only legal one.
- Metadata: tercio.spec_hash, tercio.interface_hash and tercio.observation take the new spec's values,
  so the `onnx:` agent accepts the model on the new env; tercio.migrated records what was done.

The old spec must be the one the model was exported with (its interface hash is checked). The specs
are EnvSpec JSON (env/gym/spec.ts); scripts/migrate-checkpoint.ts --onnx writes both and calls this.

    .venv/bin/python training/distill/migrate_onnx.py --model IN.onnx --old-spec OLD.json \
        --new-spec NEW.json --out OUT.onnx
"""
import argparse
import json
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

# Each observation input: the spec field holding its names, and the axis they index (batch first).
INPUT_AXES = {"planes": 1, "entities": 2, "globals": 1, "action_mask": 1}
LOW_LOGIT = -30.0


def names_of(spec: dict, part: str) -> list:
    if part == "planes":
        return list(spec["planes"]["channels"])
    if part == "entities":
        return list(spec["entities"]["features"])
    if part == "globals":
        return list(spec["globals"]["names"])
    return actions_of(spec)


def actions_of(spec: dict) -> list:
    return [t for seg in spec["actions"]["segments"] for t in seg["texts"]]


def shape_of(spec: dict, part: str) -> list:
    return list(spec["mask"]["shape"] if part == "action_mask" else spec[part]["shape"])


def index_map(old: list, new: list) -> tuple:
    """For each old name its index in new, or len(new) (a padded slot) when new lacks it."""
    where = {n: i for i, n in enumerate(new)}
    idx = [where.get(n, len(new)) for n in old]
    return idx, any(i == len(new) for i in idx)


def remap(nodes: list, inits: list, src: str, dst: str, idx: list, pad: bool, axis: int, rank: int, pad_value: float, elem: int, tag: str) -> None:
    """dst = Gather(src padded by one slot of pad_value along axis when needed, idx, axis). The helper
    tensors are named after `tag` (one per migration), so a model migrated again keeps unique names."""
    cur = src
    name = f"{src}__{tag}"
    if pad:
        pads = [0] * (2 * rank)
        pads[rank + axis] = 1  # one slot at the end of `axis`
        inits.append(numpy_helper.from_array(np.array(pads, dtype=np.int64), f"{name}_pads"))
        value = np.array(pad_value, dtype=helper.tensor_dtype_to_np_dtype(elem))
        inits.append(numpy_helper.from_array(value, f"{name}_padvalue"))
        nodes.append(helper.make_node("Pad", [cur, f"{name}_pads", f"{name}_padvalue"], [f"{name}_padded"], mode="constant"))
        cur = f"{name}_padded"
    inits.append(numpy_helper.from_array(np.array(idx, dtype=np.int64), f"{name}_index"))
    nodes.append(helper.make_node("Gather", [cur, f"{name}_index"], [dst], axis=axis))


def set_dims(vi, dims: list) -> None:
    d = vi.type.tensor_type.shape.dim
    for k, v in enumerate(dims):
        d[k + 1].ClearField("dim_param")
        d[k + 1].dim_value = v


def migrate(model: onnx.ModelProto, old: dict, new: dict) -> dict:
    props = {p.key: p.value for p in model.metadata_props}
    if props.get("tercio.interface_hash") != old["interfaceHash"]:
        raise SystemExit(f"migrate_onnx: the model's interface hash is {props.get('tercio.interface_hash')}, the old spec's {old['interfaceHash']}: give the spec the model was exported with")
    if old["entities"]["rows"] != new["entities"]["rows"] or old["grid"] != new["grid"]:
        raise SystemExit("migrate_onnx: the units or the map differ between the specs (another scenario): only names within a layout are remapped")
    obs = json.loads(props["tercio.observation"])
    history = json.loads(props.get("tercio.migrated", "[]"))
    # every name this migration adds carries its number: a second migration's must not meet the first's
    tag = f"m{len(history) + 1}"
    g = model.graph
    front, back, inits = [], [], []
    report = {"from_interface_hash": old["interfaceHash"], "inputs": {}, "actions": None}
    for vi in g.input:
        part = vi.name
        if part not in INPUT_AXES:
            continue
        o, n = names_of(old, part), names_of(new, part)
        if o == n:
            continue
        idx, pad = index_map(o, n)
        inner = f"{part}__{tag}_old_layout"
        for node in g.node:
            node.input[:] = [inner if i == part else i for i in node.input]
        elem = vi.type.tensor_type.elem_type
        remap(front, inits, part, inner, idx, pad, INPUT_AXES[part], len(shape_of(new, part)) + 1, 0, elem, tag)
        set_dims(vi, shape_of(new, part))
        report["inputs"][part] = {"dropped": [x for x in n if x not in set(o)], "zero": [x for x in o if x not in set(n)]}
    for i in obs["inputs"]:
        i["shape"] = shape_of(new, i["name"])
    oa, na = actions_of(old), actions_of(new)
    if oa != na:
        logits = obs["outputs"]["logits"]
        inner = f"{logits}__{tag}_old_layout"
        for node in g.node:
            node.output[:] = [inner if x == logits else x for x in node.output]
            node.input[:] = [inner if x == logits else x for x in node.input]
        where = {a: k for k, a in enumerate(oa)}
        idx = [where.get(a, len(oa)) for a in na]
        remap(back, inits, inner, logits, idx, any(k == len(oa) for k in idx), 1, 2, LOW_LOGIT, TensorProto.FLOAT, tag)
        for vo in g.output:
            if vo.name == logits:
                set_dims(vo, [len(na)])
        report["actions"] = {"new_low_logit": [a for a in na if a not in where], "gone": [a for a in oa if a not in set(na)]}
    nodes = front + list(g.node) + back
    del g.node[:]
    g.node.extend(nodes)
    g.initializer.extend(inits)
    updates = {
        "tercio.spec_hash": new["hash"],
        "tercio.interface_hash": new["interfaceHash"],
        "tercio.observation": json.dumps(obs),
    }
    history.append(report)
    updates["tercio.migrated"] = json.dumps(history)
    for p in model.metadata_props:
        if p.key in updates:
            p.value = updates.pop(p.key)
    for k, v in updates.items():
        model.metadata_props.append(onnx.StringStringEntryProto(key=k, value=v))
    onnx.checker.check_model(model)
    return report


def check_same(before: onnx.ModelProto, after: onnx.ModelProto, old: dict, new: dict, rows: int = 8) -> float:
    """Random observations in the new layout through the migrated model, and the same observations laid
    out the old way through the original: the logits of the actions both have must agree."""
    import onnxruntime as ort

    rng = np.random.default_rng(0)
    feeds_new, feeds_old = {}, {}
    for vi in after.graph.input:
        part = vi.name
        n_shape = [rows] + shape_of(new, part)
        if part == "action_mask":
            x = rng.random(n_shape) < 0.3
            x[:, 0] = True
        else:
            x = rng.standard_normal(n_shape).astype(np.float32)
        if vi.type.tensor_type.elem_type == TensorProto.UINT8:
            x = x.astype(np.uint8)
        idx, _ = index_map(names_of(old, part), names_of(new, part))
        zero = np.zeros_like(np.take(x, [0], axis=INPUT_AXES[part]))
        feeds_new[part] = x
        feeds_old[part] = np.take(np.concatenate([x, zero], axis=INPUT_AXES[part]), idx, axis=INPUT_AXES[part])
    logits = json.loads({p.key: p.value for p in after.metadata_props}["tercio.observation"])["outputs"]["logits"]
    a = ort.InferenceSession(after.SerializeToString()).run([logits], feeds_new)[0]
    b = ort.InferenceSession(before.SerializeToString()).run([logits], feeds_old)[0]
    oa, na = actions_of(old), actions_of(new)
    where = {x: k for k, x in enumerate(oa)}
    pairs = [(k, where[x]) for k, x in enumerate(na) if x in where]
    finite = np.isfinite(b[:, [j for _, j in pairs]]) & (b[:, [j for _, j in pairs]] > -1e8)
    diff = np.abs(a[:, [k for k, _ in pairs]] - b[:, [j for _, j in pairs]])
    return float(np.max(np.where(finite, diff, 0.0)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--old-spec", required=True)
    ap.add_argument("--new-spec", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    old = json.load(open(a.old_spec))
    new = json.load(open(a.new_spec))
    before = onnx.load(a.model)
    after = onnx.load(a.model)
    report = migrate(after, old, new)
    diff = check_same(before, after, old, new)
    if diff > 1e-4:
        sys.exit(f"migrate_onnx: the migrated model's logits differ from the original's by {diff} on the same observations")
    onnx.save(after, a.out)
    print(json.dumps({"out": a.out, "interface_hash": new["interfaceHash"], "max_logit_diff": diff, **report}))


if __name__ == "__main__":
    main()
