"""migrate_onnx on a toy policy: a global the new spec lacks reads 0, a new global is dropped, a new
action gets the low logit, and the old actions' logits are unchanged.

    .venv/bin/python -m pytest training/distill/test_migrate_onnx.py
"""
import json

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

from migrate_onnx import LOW_LOGIT, check_same, migrate


def spec(globals_: list, actions: list, ih: str) -> dict:
    return {
        "hash": ih + "-full",
        "interfaceHash": ih,
        "grid": {"cols": 1, "rows": 1, "size": 1},
        "entities": {"shape": [1, 1], "features": ["f"], "rows": ["u"]},
        "globals": {"shape": [len(globals_)], "names": globals_},
        "mask": {"shape": [len(actions)]},
        "actions": {"size": len(actions), "segments": [{"texts": actions}]},
    }


def toy(old: dict) -> onnx.ModelProto:
    w = np.arange(9, dtype=np.float32).reshape(3, 3) + 1
    g = helper.make_graph(
        [helper.make_node("MatMul", ["globals", "w"], ["logits"])],
        "toy",
        [helper.make_tensor_value_info("globals", TensorProto.FLOAT, ["batch", 3])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 3])],
        [numpy_helper.from_array(w, "w")],
    )
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)], ir_version=8)
    obs = {"inputs": [{"name": "globals", "shape": [3]}], "outputs": {"logits": "logits", "value": None}}
    for k, v in {"tercio.interface_hash": old["interfaceHash"], "tercio.spec_hash": old["hash"], "tercio.observation": json.dumps(obs)}.items():
        m.metadata_props.append(onnx.StringStringEntryProto(key=k, value=v))
    return m


def test_remaps_globals_and_actions_by_name():
    old = spec(["a", "b", "c"], ["choice:x", "choice:y", "choice:z"], "old")
    new = spec(["c", "kind:new", "a"], ["choice:x", "choice:new", "choice:y", "choice:z"], "new")
    before = toy(old)
    after = toy(old)
    report = migrate(after, old, new)
    assert report["inputs"]["globals"] == {"dropped": ["kind:new"], "zero": ["b"]}
    assert report["actions"]["new_low_logit"] == ["choice:new"]
    props = {p.key: p.value for p in after.metadata_props}
    assert props["tercio.interface_hash"] == "new"
    assert json.loads(props["tercio.observation"])["inputs"][0]["shape"] == [3]
    x = np.array([[1.0, 5.0, 2.0]], dtype=np.float32)  # c=1, kind:new=5, a=2
    got = ort.InferenceSession(after.SerializeToString()).run(["logits"], {"globals": x})[0]
    want = ort.InferenceSession(before.SerializeToString()).run(["logits"], {"globals": np.array([[2.0, 0.0, 1.0]], dtype=np.float32)})[0]
    np.testing.assert_allclose(got[0, [0, 2, 3]], want[0])
    assert got[0, 1] == LOW_LOGIT
    assert check_same(before, after, old, new) == 0.0
