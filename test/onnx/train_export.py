"""The Python half of test/onnx/roundtrip.test.ts: trains a tiny masked-PPO policy with
clients/python/examples/ppo_torch.py for a few iterations against the server at $TERCIO_URL,
exports it to ONNX, then writes observations from the env with PyTorch's action probabilities
for them (for Node to compare), and plays a few steps against the exported model as the
server-side opponent (`onnx:PATH`, the viewer's path).

    python test/onnx/train_export.py OUT_DIR      # writes OUT_DIR/policy.onnx, OUT_DIR/probe.json
"""
import base64
import json
import os
import sys
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "clients" / "python"))
sys.path.insert(0, str(ROOT / "clients" / "python" / "examples"))

import ppo_torch  # noqa: E402
from tercio_client import TercioAsyncVecEnv, TercioVecEnv  # noqa: E402


def b64(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a).tobytes()).decode()


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    url = os.environ["TERCIO_URL"]
    a = ppo_torch.parse_args(["--url", url, "--num-envs", "4", "--sets", "2", "--steps", "24", "--iterations", "3",
                              "--max-decisions", "300", "--hidden", "32", "--seed", "5"])
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    envs = TercioAsyncVecEnv(a.scenario, a.num_envs, url, batch_size=a.num_envs // a.sets, seed=a.seed,
                             max_decisions=a.max_decisions, reward_shaping=a.shaping, opponent=a.opponent,
                             opponent_player=1 - a.seat, client_name="onnx-roundtrip")
    try:
        net, history = ppo_torch.train(a, envs)
        spec = ppo_torch.tercio_spec(envs)
        model = out / "policy.onnx"
        ppo_torch.export_onnx(net, spec, str(model), "sample", {"test": "roundtrip"})
    finally:
        envs.close()
    assert len(history) == 3 and all(h["updates"] > 0 for h in history), history

    # Observations from fresh envs (random legal actions between them), and PyTorch's probabilities.
    probe = TercioVecEnv(a.scenario, 4, url, seed=11, max_decisions=a.max_decisions, reward_shaping=a.shaping)
    rng = np.random.default_rng(3)
    parts = {k: [] for k in ("planes", "entities", "globals", "action_mask")}
    obs, _ = probe.reset(seed=11)
    for _ in range(6):
        for k in parts:
            parts[k].append(obs[k].copy())
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, *_ = probe.step(acts)
    probe.close()
    batch = {k: np.concatenate(v) for k, v in parts.items()}
    net.eval()
    with torch.no_grad():
        logits, value = net(ppo_torch.as_torch(batch, net.inputs))
        probs = torch.softmax(logits.double(), dim=1).numpy()
    n = len(batch["globals"])
    json.dump({"spec_hash": spec.hash, "n": n, "actions": spec.action_size,
               "planes": b64(batch["planes"].astype("<f4")), "entities": b64(batch["entities"].astype("<f4")),
               "globals": b64(batch["globals"].astype("<f4")), "mask": b64(batch["action_mask"].astype(np.uint8)),
               "probs": b64(probs.astype("<f8")), "value": b64(value.numpy().astype("<f8"))},
              open(out / "probe.json", "w"))

    # The exported model as the server's opponent (what the viewer asks for): it must decide.
    vs = TercioVecEnv(a.scenario, 2, url, seed=21, max_decisions=a.max_decisions, opponent=f"onnx:{model}", opponent_player=1)
    obs, infos = vs.reset(seed=21)
    moves = 0
    for _ in range(30):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, _, _, _, infos = vs.step(acts)
        moves += sum(len(x) for x in infos.get("opponent_actions", []) if x is not None)
    vs.close()
    print(f"roundtrip: trained {len(history)} iterations, exported {model}, {n} probe observations, "
          f"onnx opponent made {moves} decisions over the bridge")
    return 0


if __name__ == "__main__":
    sys.exit(main())
