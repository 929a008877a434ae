"""migrate_onnx on a toy policy: a global the new spec lacks reads 0, a new global is dropped, a new
action gets the low logit, and the old actions' logits are unchanged; a model migrated twice too.

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


def test_a_migrated_model_migrates_again():
    first = spec(["a", "b", "c"], ["choice:x", "choice:y", "choice:z"], "first")
    second = spec(["a", "kind:one", "b", "c"], ["choice:x", "choice:one", "choice:y", "choice:z"], "second")
    third = spec(["kind:two", "a", "kind:one", "b", "c"], ["choice:two", "choice:x", "choice:one", "choice:y", "choice:z"], "third")
    original = toy(first)
    once = toy(first)
    migrate(once, first, second)
    twice = onnx.load_from_string(once.SerializeToString())
    report = migrate(twice, second, third)
    assert report["inputs"]["globals"] == {"dropped": ["kind:two"], "zero": []}
    assert report["actions"]["new_low_logit"] == ["choice:two"]
    names = [i.name for i in twice.graph.initializer] + [o for n in twice.graph.node for o in n.output]
    assert len(names) == len(set(names))
    props = {p.key: p.value for p in twice.metadata_props}
    assert props["tercio.interface_hash"] == "third"
    assert len(json.loads(props["tercio.migrated"])) == 2
    # the first model's logits, on the observation laid out three ways
    x = np.array([[7.0, 2.0, 9.0, 3.0, 4.0]], dtype=np.float32)  # kind:two=7, a=2, kind:one=9, b=3, c=4
    got = ort.InferenceSession(twice.SerializeToString()).run(["logits"], {"globals": x})[0]
    want = ort.InferenceSession(original.SerializeToString()).run(["logits"], {"globals": np.array([[2.0, 3.0, 4.0]], dtype=np.float32)})[0]
    np.testing.assert_allclose(got[0, [1, 3, 4]], want[0])
    assert got[0, 0] == LOW_LOGIT and got[0, 2] == LOW_LOGIT
    assert check_same(once, twice, second, third) == 0.0
