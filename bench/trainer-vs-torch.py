"""The PyTorch side of bench/trainer-vs-torch.ts: the MLP of clients/python/examples/ppo_torch.py
(inputs flattened and concatenated, two tanh layers, a policy and a value head) with the PPO
update of that trainer (clipped surrogate, value loss, entropy bonus, masked softmax, Adam with
global-norm clipping), timed on synthetic data of the shapes the TS side passes. Prints one
JSON object on stdout. Times are process CPU seconds (time.process_time) and wall seconds.

    .venv/bin/python bench/trainer-vs-torch.py '{"n_in": 1231, "actions": 190, ...}'

With `onnx` set, also exports the network's policy/value graph to that path (for the TS side's
onnxruntime-node forward pass)."""
import json
import sys
import time

import torch
from torch import nn


def main() -> int:
    a = json.loads(sys.argv[1])
    torch.set_num_threads(a["threads"])
    torch.manual_seed(1)
    n_in, hidden, n_act = a["n_in"], a["hidden"], a["actions"]

    class Mlp(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
            self.pi, self.v = nn.Linear(hidden, n_act), nn.Linear(hidden, 1)

        def forward(self, x, mask):
            h = self.body(x)
            return self.pi(h).masked_fill(mask == 0, -1e9), self.v(h).squeeze(-1)

    forward = Mlp()
    params = list(forward.parameters())
    opt = torch.optim.Adam(params, lr=3e-4, eps=1e-5)

    g = torch.Generator().manual_seed(2)
    S, mb, act_b = a["samples"], a["minibatch"], a["act_batch"]
    x = (torch.rand(S, n_in, generator=g) < 0.2).float()
    mask = torch.zeros(S, n_act)
    mask[torch.arange(S).repeat_interleave(8), torch.randint(0, n_act, (S * 8,), generator=g)] = 1
    x[:, n_in - n_act:] = mask  # the mask is an input too, as ppo_torch.py feeds it
    with torch.no_grad():
        logits, val = forward(x, mask)
        actions = torch.distributions.Categorical(logits=logits).sample()
        old_logp = torch.log_softmax(logits, -1).gather(1, actions[:, None]).squeeze(1)
    adv = torch.randn(S, generator=g)
    ret = val + torch.randn(S, generator=g) * 0.5
    clip, vcoef, ecoef = 0.2, 0.5, 0.003

    def update():
        for _ in range(a["epochs"]):
            perm = torch.randperm(S, generator=g)
            for i in range(0, S, mb):
                idx = perm[i:i + mb]
                lg, vv = forward(x[idx], mask[idx])
                lp = torch.log_softmax(lg, -1)
                logp = lp.gather(1, actions[idx][:, None]).squeeze(1)
                ratio = (logp - old_logp[idx]).exp()
                pol = -torch.min(ratio * adv[idx], ratio.clamp(1 - clip, 1 + clip) * adv[idx]).mean()
                vl = 0.5 * (vv - ret[idx]).pow(2).mean()
                ent = -(lp.exp() * lp).sum(1).mean()
                loss = pol + vcoef * vl - ecoef * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(params, 0.5)
                opt.step()

    def act():
        with torch.no_grad():
            lg, vv = forward(x[:act_b], mask[:act_b])
            torch.distributions.Categorical(logits=lg).sample()

    def timed(fn, reps):
        fn()  # warm-up
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(reps):
            fn()
        return (time.process_time() - c0) / reps, (time.perf_counter() - w0) / reps

    act_cpu, act_wall = timed(act, a["act_reps"])
    upd_cpu, upd_wall = timed(update, a["update_reps"])
    if a.get("onnx"):
        torch.onnx.export(forward, (x[:act_b], mask[:act_b]), a["onnx"], input_names=["x", "mask"], output_names=["logits", "value"],
                          dynamic_axes={"x": {0: "n"}, "mask": {0: "n"}, "logits": {0: "n"}, "value": {0: "n"}}, dynamo=False)
    print(json.dumps({"torch": torch.__version__, "threads": torch.get_num_threads(), "params": sum(p.numel() for p in params),
                      "actCpuMs": act_cpu * 1e3, "actWallMs": act_wall * 1e3, "updateCpuS": upd_cpu, "updateWallS": upd_wall}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
