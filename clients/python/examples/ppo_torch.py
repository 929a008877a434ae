#!/usr/bin/env python3
"""Masked PPO (CleanRL-style, PyTorch on the CPU) over the Tercio bridge, exported to ONNX.

The learner plays one seat (player 0 by default) in every env; the other seat is played on
the server by an agent spec (`--opponent random`, `heuristic`, `ckpt:PATH`, `onnx:PATH`), so
every step is the learner's decision. Envs are stepped with TercioAsyncVecEnv: while the
policy works on one set of envs the server steps the others. One update = `--steps` decisions
per env, GAE(lambda), then `--epochs` passes of clipped-objective minibatch SGD with
invalid-action masking (masked logits = -1e9: never sampled, no gradient).

    .venv/bin/python clients/python/examples/ppo_torch.py --iterations 30 --export runs/ppo.onnx
    npx tercio tournament --agents onnx:runs/ppo.onnx,random,heuristic --games 20

Without --url it runs on the server tercio_client starts by itself. --export writes the policy as ONNX with the env
spec hash and the observation layout in the model's metadata (read by agents/onnx.ts, the
`onnx:PATH` agent). Columns: env steps/s over the iteration; updates/s = SGD minibatch steps per
second of the update phase; win/draw/loss of the learner over the episodes that ended in it.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

import torch
import torch.nn as nn

from tercio_client import TercioAsyncVecEnv

ONNX_FORMAT = "tercio-onnx-policy/1"


def layer(m: nn.Linear, std: float = 2 ** 0.5) -> nn.Linear:
    nn.init.orthogonal_(m.weight, std)
    nn.init.zeros_(m.bias)
    return m


class Policy(nn.Module):
    """MLP over the observation parts named in `inputs` (flattened and concatenated in that order;
    the action mask is an input too, as 0/1 features). forward() returns masked logits and values."""

    def __init__(self, shapes: Dict[str, tuple], inputs: List[str], hidden: int):
        super().__init__()
        self.inputs = list(inputs)
        self.shapes = {k: tuple(shapes[k]) for k in self.inputs}
        n_in = sum(int(np.prod(self.shapes[k])) for k in self.inputs)
        n_actions = int(shapes["action_mask"][0])
        self.body = nn.Sequential(layer(nn.Linear(n_in, hidden)), nn.Tanh(), layer(nn.Linear(hidden, hidden)), nn.Tanh())
        self.pi = layer(nn.Linear(hidden, n_actions), 0.01)
        self.v = layer(nn.Linear(hidden, 1), 1.0)

    def forward(self, obs: Dict[str, torch.Tensor]):
        mask = obs["action_mask"]
        x = torch.cat([(obs[k] if k != "action_mask" else mask.float()).reshape(mask.shape[0], -1) for k in self.inputs], dim=1)
        h = self.body(x)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


class OnnxPolicy(nn.Module):
    """The exported graph: one positional input per observation part (named as in the env), bool mask."""

    def __init__(self, net: Policy):
        super().__init__()
        self.net = net

    def forward(self, *parts):
        return self.net(dict(zip(self.net.inputs, parts)))


def obs_inputs(features: str) -> List[str]:
    return (["planes"] if features == "all" else []) + ["entities", "globals", "action_mask"]


def env_settings(spec) -> dict:
    shaping = ((spec.raw.get("reward") or {}).get("shaping") or {}).get("coefficient", 0)
    return {"ruleset": spec.ruleset, "scenario": spec.scenario_id, "max_decisions": spec.max_decisions,
            "reward_shaping": shaping, "skip_forced": spec.skip_forced}


def export_onnx(net: Policy, spec, path: str, play: str = "sample", extra: Optional[dict] = None) -> None:
    """Writes `net` as ONNX (opset 17, batch dimension dynamic) with the tercio.* metadata that
    agents/onnx.ts checks: spec hash, interface hash, env settings, observation layout."""
    import onnx

    shapes = {"planes": spec.planes_shape, "entities": spec.entities_shape, "globals": spec.globals_shape,
              "action_mask": (spec.action_size,)}
    example = tuple(torch.zeros((1, *shapes[k]), dtype=torch.bool if k == "action_mask" else torch.float32) for k in net.inputs)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    wrapper = OnnxPolicy(net).eval()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # dynamo=False is chosen: the TorchScript exporter
        torch.onnx.export(wrapper, example, path, dynamo=False, opset_version=17, input_names=list(net.inputs),
                          output_names=["logits", "value"],
                          dynamic_axes={**{k: {0: "batch"} for k in net.inputs}, "logits": {0: "batch"}, "value": {0: "batch"}})
    model = onnx.load(path)
    meta = {
        "tercio.format": ONNX_FORMAT,
        "tercio.spec_hash": spec.hash,
        "tercio.interface_hash": spec.interface_hash,
        "tercio.env": json.dumps(env_settings(spec)),
        "tercio.observation": json.dumps({"inputs": [{"name": k, "shape": list(shapes[k])} for k in net.inputs],
                                          "outputs": {"logits": "logits", "value": "value"}}),
        "tercio.play": play,
        "tercio.trainer": json.dumps({"script": "clients/python/examples/ppo_torch.py", **(extra or {})}),
    }
    for k, v in meta.items():
        p = model.metadata_props.add()
        p.key, p.value = k, v
    onnx.save(model, path)


def tercio_spec(envs):
    """The Tercio EnvSpec of a client env (`tercio_spec`; `spec` in clients before Gymnasium 1.x)."""
    return getattr(envs, "tercio_spec", None) or envs.spec


def finished_episodes(info, me: int):
    """(row, winner, the learner's return) of each episode that ended in this batch: Gymnasium 1.x
    infos["final_info"] (winner, returns), or the older infos["episode"] (winner, r)."""
    if "_final_info" in info and "final_info" in info:
        fi = info["final_info"]
        return [(int(r), int(fi["winner"][r]), float(fi["returns"][r][me])) for r in np.flatnonzero(info["_final_info"])]
    if "_episode" in info:
        ep = info["episode"]
        return [(int(r), int(ep["winner"][r]), float(ep["r"][r][me])) for r in np.flatnonzero(info["_episode"])]
    return []


def as_torch(obs: Dict[str, np.ndarray], inputs: List[str]) -> Dict[str, torch.Tensor]:
    # (arrays from Ray's object store are read-only: np.require copies those)
    return {k: torch.as_tensor(obs[k].astype(bool) if k == "action_mask" else np.require(obs[k], requirements="W")) for k in inputs}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="bridge server (default: start a local one)")
    ap.add_argument("--token", default="")
    ap.add_argument("--scenario", default="piwam-training")
    ap.add_argument("--opponent", default="random", help="agent spec the server plays the other seat with")
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--sets", type=int, default=2, help="env sets stepped asynchronously (num-envs must be a multiple)")
    ap.add_argument("--steps", type=int, default=64, help="decisions per env per iteration (rollout length)")
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--max-decisions", type=int, default=1500)
    ap.add_argument("--shaping", type=float, default=0.5, help="material reward shaping (0 = terminal reward only)")
    ap.add_argument("--seat", type=int, default=0, choices=(0, 1))
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--vf", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--features", choices=("compact", "all"), default="compact",
                    help="compact: entities, globals, mask; all: the planes too (~8x wider)")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (1 leaves the other core to the server)")
    ap.add_argument("--export", help="write the trained policy to this .onnx file")
    ap.add_argument("--play", choices=("sample", "greedy"), default="sample", help="how the exported agent picks actions")
    ap.add_argument("--json", help="write per-iteration figures to this file")
    ap.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                    help="step the env sets on Ray actors, each with its own server (tercio_client.ray.RayVecEnv): "
                         "'local' starts a local Ray, 'auto' joins the cluster this machine is in")
    a = ap.parse_args(argv)
    if a.num_envs % a.sets:
        ap.error(f"--num-envs ({a.num_envs}) must be a multiple of --sets ({a.sets})")
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    url = a.url
    kw = dict(batch_size=a.num_envs // a.sets, seed=a.seed, max_decisions=a.max_decisions, reward_shaping=a.shaping,
              opponent=a.opponent, opponent_player=1 - a.seat)
    if a.ray:
        import ray
        from tercio_client.ray import RayVecEnv
        ray.init(address=None if a.ray == "local" else a.ray, include_dashboard=False)
    if a.ray:
        envs = RayVecEnv(a.scenario, a.num_envs, actor_options={"scheduling_strategy": "SPREAD"}, **kw)
    else:
        envs = TercioAsyncVecEnv(a.scenario, a.num_envs, url, token=a.token, client_name="ppo_torch", **kw)
    try:
        net, history = train(a, envs)
        if a.export:
            export_onnx(net, tercio_spec(envs), a.export, a.play, {"iterations": a.iterations, "opponent": a.opponent, "seed": a.seed})
            print(f"exported {a.export} (spec {tercio_spec(envs).hash}); play it: npx tercio tournament --agents onnx:{a.export},random,heuristic")
        if a.json:
            Path(a.json).write_text(json.dumps(history, indent=1))
    finally:
        envs.close()
    return 0


def train(a, envs: TercioAsyncVecEnv, on_iteration=None):
    """Runs a.iterations PPO iterations; returns the network and one dict of figures per iteration."""
    spec, n, k, bs, T = tercio_spec(envs), envs.num_envs, a.sets, envs.batch_size, a.steps
    inputs = obs_inputs(a.features)
    shapes = {"planes": spec.planes_shape, "entities": spec.entities_shape, "globals": spec.globals_shape, "action_mask": (spec.action_size,)}
    net = Policy(shapes, inputs, a.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr, eps=1e-5)
    me = a.seat
    # Rollout storage, CleanRL layout [T, num_envs]; dones[t] = obs[t] starts a new episode.
    buf = {key: np.zeros((T, n, *shapes[key]), dtype=bool if key == "action_mask" else np.float32) for key in inputs}
    actions = np.zeros((T, n), dtype=np.int64)
    logps = np.zeros((T, n), dtype=np.float32)
    values = np.zeros((T, n), dtype=np.float32)
    rewards = np.zeros((T, n), dtype=np.float32)
    dones = np.zeros((T, n), dtype=np.float32)
    next_done = np.zeros(n, dtype=np.float32)
    latest: List[Optional[tuple]] = [None] * k  # per set: (obs, env_id) waiting for actions
    print(f"ppo_torch: {spec.ruleset}/{spec.scenario_id}, {n} envs in {k} sets, learner = player {me} vs {a.opponent or 'nobody'}, "
          f"inputs {'+'.join(inputs)}, {spec.action_size} actions, spec {spec.hash}", flush=True)
    print(f"{'iter':>4} {'env steps':>9} {'steps/s':>8} {'updates/s':>9} {'episodes':>8} {'win':>6} {'draw':>6} {'loss':>6} "
          f"{'return':>7} {'pi loss':>8} {'v loss':>8} {'entropy':>8}", flush=True)

    envs.async_reset(seed=a.seed)
    for _ in range(k):
        obs, _, _, _, info = envs.recv()
        latest[int(info["env_id"][0]) // bs] = (obs, info["env_id"])
    history, outcomes, total = [], [], 0
    for it in range(1, a.iterations + 1):
        t0 = time.perf_counter()
        wins = draws = losses = 0
        ep_ret: List[float] = []

        def collect(r_info, term, trunc, ids, t):
            nonlocal wins, draws, losses
            rewards[t, ids] = r_info["rewards"][:, me]
            d = (term | trunc).astype(np.float32)
            next_done[ids] = d
            for _, w, r_me in finished_episodes(r_info, me):
                outcomes.append(1 if w == me else 0)
                wins += w == me
                losses += w == 1 - me
                draws += w not in (0, 1)
                ep_ret.append(r_me)

        for t in range(T):
            for j in range(k):
                if t == 0:
                    obs, ids = latest[j]
                else:
                    obs, _, term, trunc, info = envs.recv()
                    ids = info["env_id"]
                    collect(info, term, trunc, ids, t - 1)
                for key in inputs:
                    buf[key][t, ids] = obs[key]
                dones[t, ids] = next_done[ids]
                with torch.no_grad():
                    logits, v = net(as_torch(obs, inputs))
                    dist = torch.distributions.Categorical(logits=logits)
                    act = dist.sample()
                actions[t, ids] = act.numpy()
                logps[t, ids] = dist.log_prob(act).numpy()
                values[t, ids] = v.numpy()
                envs.send(act.numpy(), ids)
        for _ in range(k):
            obs, _, term, trunc, info = envs.recv()
            ids = info["env_id"]
            collect(info, term, trunc, ids, T - 1)
            latest[int(ids[0]) // bs] = (obs, ids)
        t_roll = time.perf_counter() - t0

        # GAE(lambda), bootstrapped from the value of the observations waiting for the next iteration.
        with torch.no_grad():
            next_value = np.zeros(n, dtype=np.float32)
            for obs, ids in latest:
                next_value[ids] = net(as_torch(obs, inputs))[1].numpy()
        adv = np.zeros((T, n), dtype=np.float32)
        gae = np.zeros(n, dtype=np.float32)
        for t in reversed(range(T)):
            nonterminal = 1.0 - (next_done if t == T - 1 else dones[t + 1])
            nv = next_value if t == T - 1 else values[t + 1]
            delta = rewards[t] + a.gamma * nv * nonterminal - values[t]
            gae = delta + a.gamma * a.lam * nonterminal * gae
            adv[t] = gae
        ret = adv + values

        t1 = time.perf_counter()
        B = T * n
        b_obs = {key: torch.as_tensor(buf[key].reshape(B, *shapes[key])) for key in inputs}
        b_act, b_logp = torch.as_tensor(actions.reshape(B)), torch.as_tensor(logps.reshape(B))
        b_adv, b_ret = torch.as_tensor(adv.reshape(B)), torch.as_tensor(ret.reshape(B))
        mb = max(1, B // a.minibatches)
        updates = 0
        for _ in range(a.epochs):
            perm = torch.randperm(B)
            for s in range(0, B, mb):
                i = perm[s:s + mb]
                logits, v = net({key: b_obs[key][i] for key in inputs})
                dist = torch.distributions.Categorical(logits=logits)
                ab = b_adv[i]
                ab = (ab - ab.mean()) / (ab.std() + 1e-8) if len(i) > 1 else ab
                ratio = torch.exp(dist.log_prob(b_act[i]) - b_logp[i])
                pl = -torch.min(ratio * ab, torch.clamp(ratio, 1 - a.clip, 1 + a.clip) * ab).mean()
                vl = 0.5 * ((v - b_ret[i]) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pl + a.vf * vl - a.ent * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), a.max_grad_norm)
                opt.step()
                updates += 1
        t_upd = time.perf_counter() - t1
        dt = time.perf_counter() - t0
        total += B
        eps = wins + draws + losses
        row = {"iteration": it, "env_steps": total, "steps_per_s": B / dt, "rollout_steps_per_s": B / t_roll,
               "updates": updates, "updates_per_s": updates / t_upd, "iterations_per_s": 1 / dt,
               "sample_passes_per_s": B * a.epochs / t_upd, "update_s": t_upd, "rollout_s": t_roll,
               "episodes": eps, "win": wins / eps if eps else None, "draw": draws / eps if eps else None,
               "loss": losses / eps if eps else None, "return": float(np.mean(ep_ret)) if ep_ret else None,
               "pi_loss": pl.item(), "v_loss": vl.item(), "entropy": ent.item()}
        history.append(row)
        f = lambda x, w, p: f"{x:>{w}.{p}f}" if x is not None else f"{'-':>{w}}"  # noqa: E731
        print(f"{it:>4} {total:>9} {B / dt:>8.0f} {updates / t_upd:>9.1f} {eps:>8} {f(row['win'], 6, 2)} {f(row['draw'], 6, 2)} "
              f"{f(row['loss'], 6, 2)} {f(row['return'], 7, 2)} {pl.item():>8.4f} {vl.item():>8.4f} {ent.item():>8.3f}", flush=True)
        if on_iteration:
            on_iteration(it, net)
    if len(outcomes) >= 2:
        h = len(outcomes) // 2
        print(f"win rate vs {a.opponent} over {len(outcomes)} episodes: first half {np.mean(outcomes[:h]):.2f}, "
              f"second half {np.mean(outcomes[h:]):.2f} (longer runs: --iterations)")
    else:
        print(f"win rate vs {a.opponent}: {len(outcomes)} episode(s) finished; run more --iterations")
    return net, history


if __name__ == "__main__":
    sys.exit(main())
