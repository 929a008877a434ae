"""Behaviour cloning of a teacher's labelled positions (training/distill/gen.ts) into a network that
sees the observation only (no heuristic proposal), in PyTorch, exported to ONNX for the `onnx:`
agent (agents/onnx.ts) with the tercio.* metadata it checks.

The network: a conv trunk over the planes (3x3, `--channels`, `--layers`), a shared per-entity
layer over the entity rows, the globals and the action mask, concatenated into two dense layers
and a logit per action (masked to the legal ones). It plays greedily.

    .venv/bin/python training/distill/train.py --data runs/data/p1 runs/data/p2 --minutes 30 \
        --out runs/distill1        # writes OUT/policy.onnx, OUT/train.jsonl, OUT/meta.json
"""
import argparse
import json
import math
import time
import warnings
from pathlib import Path

import numpy as np
import torch
from torch import nn

ONNX_FORMAT = "tercio-onnx-policy/1"


class Net(nn.Module):
    def __init__(self, shapes: dict, channels: int, layers: int, hidden: int):
        super().__init__()
        c, h, w = shapes["planes"]
        ne, fe = shapes["entities"]
        self.shapes = shapes
        convs = []
        for i in range(layers):
            convs += [nn.Conv2d(c if i == 0 else channels, channels, 3, padding=1), nn.ReLU()]
        self.trunk = nn.Sequential(*convs)
        self.ent = nn.Sequential(nn.Linear(fe, 64), nn.ReLU())
        n_in = channels * h * w + ne * 64 + shapes["globals"][0] + shapes["action_mask"][0]
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.pi = nn.Linear(hidden, shapes["action_mask"][0])
        self.v = nn.Linear(hidden, 1)

    def forward(self, planes, entities, globals_, action_mask):
        b = planes.shape[0]
        m = action_mask.float()
        x = torch.cat([self.trunk(planes).reshape(b, -1), self.ent(entities).reshape(b, -1), globals_, m], dim=1)
        h = self.body(x)
        return self.pi(h) + (m - 1) * 1e9, self.v(h).squeeze(-1)


def load(prefixes):
    metas = [json.loads(Path(f"{p}.json").read_text()) for p in prefixes]
    m0 = metas[0]
    for m in metas[1:]:
        if m["specHash"] != m0["specHash"]:
            raise SystemExit(f"data of different env specs: {m0['specHash']} vs {m['specHash']}")
    shapes = {"planes": tuple(m0["shapes"]["planes"]), "entities": tuple(m0["shapes"]["entities"]),
              "globals": tuple(m0["shapes"]["globals"]), "action_mask": tuple(m0["shapes"]["mask"])}
    width = math.prod(shapes["planes"]) + math.prod(shapes["entities"]) + shapes["globals"][0]
    xs, ms, ys = [], [], []
    for p, m in zip(prefixes, metas):
        n = m["samples"]
        xs.append(np.memmap(f"{p}.x.f32", dtype=np.float32, mode="r", shape=(n, width)))
        ms.append(np.memmap(f"{p}.mask.u8", dtype=np.uint8, mode="r", shape=(n, shapes["action_mask"][0])))
        ys.append(np.fromfile(f"{p}.y.i32", dtype=np.int32, count=n))
    if len(xs) == 1:  # read in place: the page cache holds it, and gives it back under memory pressure
        return metas, shapes, xs[0], ms[0], ys[0]
    return metas, shapes, np.concatenate(xs), np.concatenate(ms), np.concatenate(ys)


def split(x, shapes):
    b = x.shape[0]
    p = math.prod(shapes["planes"])
    e = math.prod(shapes["entities"])
    return x[:, :p].reshape(b, *shapes["planes"]), x[:, p:p + e].reshape(b, *shapes["entities"]), x[:, p + e:]


def export(net: Net, meta0: dict, path: Path, extra: dict) -> None:
    import onnx

    shapes = net.shapes
    names = ["planes", "entities", "globals", "action_mask"]
    example = tuple(torch.zeros((1, *shapes[k]), dtype=torch.bool if k == "action_mask" else torch.float32) for k in names)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(net.eval(), example, str(path), dynamo=False, opset_version=17, input_names=names,
                          output_names=["logits", "value"],
                          dynamic_axes={**{k: {0: "batch"} for k in names}, "logits": {0: "batch"}, "value": {0: "batch"}})
    model = onnx.load(str(path))
    env = meta0["env"]
    props = {
        "tercio.format": ONNX_FORMAT,
        "tercio.spec_hash": meta0["specHash"],
        "tercio.interface_hash": meta0["interfaceHash"],
        "tercio.env": json.dumps({"ruleset": meta0["ruleset"], "scenario": meta0["scenario"], "max_decisions": env["maxDecisions"],
                                  "reward_shaping": env["shaping"], "skip_forced": env["skipForced"]}),
        "tercio.observation": json.dumps({"inputs": [{"name": k, "shape": list(shapes[k])} for k in names],
                                          "outputs": {"logits": "logits", "value": None}}),
        "tercio.play": "greedy",
        "tercio.trainer": json.dumps({"script": "training/distill/train.py", **extra}),
    }
    for k, v in props.items():
        p = model.metadata_props.add()
        p.key, p.value = k, v
    onnx.save(model, str(path))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="data prefixes written by training/distill/gen.ts")
    ap.add_argument("--out", required=True)
    ap.add_argument("--minutes", type=float, default=20)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--layers", type=int, default=3)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--val", type=int, default=4000, help="held-out samples (the last ones) for the accuracy")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--export-every", type=float, default=0, help="minutes between ONNX snapshots (OUT/policy-MIN.onnx); 0 = at the end only")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    metas, shapes, X, M, Y = load(a.data)
    n = len(Y)
    ntr = n - a.val
    net = Net(shapes, a.channels, a.layers, a.hidden)
    params = sum(p.numel() for p in net.parameters())
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    rng = np.random.default_rng(a.seed)
    log = open(out / "train.jsonl", "w")
    vx = torch.from_numpy(np.array(X[ntr:]))
    vm = torch.from_numpy(np.array(M[ntr:])).bool()
    vy = torch.from_numpy(Y[ntr:].astype(np.int64))

    def val_acc():
        net.eval()
        ok = 0
        with torch.no_grad():
            for i in range(0, len(vy), 1000):
                p, e, g = split(vx[i:i + 1000], shapes)
                lg, _ = net(p, e, g, vm[i:i + 1000])
                ok += (lg.argmax(1) == vy[i:i + 1000]).sum().item()
        net.train()
        return ok / len(vy)

    print(f"distill: {n} samples ({ntr} train, {a.val} held out), net {params} params, {a.minutes} min", flush=True)
    t0 = time.time()
    budget = a.minutes * 60
    step = 0
    next_export = a.export_every * 60 if a.export_every > 0 else math.inf
    acc_run, loss_run = 0.0, 0.0
    while time.time() - t0 < budget:
        # cosine decay of the learning rate over the time budget
        frac = min(1.0, (time.time() - t0) / budget)
        for gr in opt.param_groups:
            gr["lr"] = a.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))
        idx = np.sort(rng.integers(0, ntr, a.batch))
        x = torch.from_numpy(X[idx])
        m = torch.from_numpy(M[idx]).bool()
        y = torch.from_numpy(Y[idx].astype(np.int64))
        p, e, g = split(x, shapes)
        lg, _ = net(p, e, g, m)
        loss = nn.functional.cross_entropy(lg, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        acc_run = 0.98 * acc_run + 0.02 * (lg.argmax(1) == y).float().mean().item()
        loss_run = 0.98 * loss_run + 0.02 * loss.item()
        if step % 200 == 0:
            rec = {"step": step, "samples": step * a.batch, "seconds": round(time.time() - t0, 1), "loss": round(loss_run / (1 - 0.98 ** step), 4),
                   "trainAcc": round(acc_run / (1 - 0.98 ** step), 4), "valAcc": round(val_acc(), 4), "lr": opt.param_groups[0]["lr"]}
            log.write(json.dumps(rec) + "\n")
            log.flush()
            print(json.dumps(rec), flush=True)
        if time.time() - t0 >= next_export:
            export(net, metas[0], out / f"policy-{int(next_export // 60)}.onnx", {"step": step})
            next_export += a.export_every * 60
    acc = val_acc()
    extra = {"data": [m["teacher"] for m in metas], "samples": n, "steps": step, "batch": a.batch, "minutes": round((time.time() - t0) / 60, 1),
             "channels": a.channels, "layers": a.layers, "hidden": a.hidden, "params": params, "valAcc": round(acc, 4)}
    export(net, metas[0], out / "policy.onnx", extra)
    (out / "meta.json").write_text(json.dumps(extra, indent=2) + "\n")
    print(f"distill: done, {step} steps, held-out accuracy {acc:.4f}, {out / 'policy.onnx'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
