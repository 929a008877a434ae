#!/usr/bin/env python3
"""Masked PPO in PyTorch over the Tercio bridge, against a random opponent.

The learner plays one seat (player 0 by default) in every env of a
TercioVecEnv; the other seat is played by a uniformly random legal policy.
Each iteration prints the learner's win rate over the episodes that ended in
it; it rises above the random-vs-random baseline as training goes on.

    /usr/bin/python3 clients/python/examples/ppo_torch.py                 # starts its own server
    /usr/bin/python3 clients/python/examples/ppo_torch.py --url ws://127.0.0.1:8765 --iterations 50

Needs python3-torch (Debian) besides the client's numpy/protobuf/websockets.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402

from tercio_client import LocalServer, TercioVecEnv  # noqa: E402


def flat(obs, features: str = "compact") -> np.ndarray:
    """One feature vector per env. `compact`: entities, globals and the mask (a CPU-sized MLP input);
    `all` adds the planes (C x rows x cols), ~8x wider."""
    n = obs["globals"].shape[0]
    parts = [obs["entities"].reshape(n, -1), obs["globals"].reshape(n, -1), obs["action_mask"].astype(np.float32)]
    if features == "all":
        parts.insert(0, obs["planes"].reshape(n, -1))
    return np.concatenate(parts, axis=1)


class Policy(nn.Module):
    def __init__(self, n_in: int, n_actions: int, hidden: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.zeros_(self.pi.bias)

    def forward(self, x: torch.Tensor, mask: torch.Tensor):
        h = self.body(x)
        # Invalid-action masking: masked-out logits get a large negative value, so they are never sampled
        # and receive no gradient through the softmax.
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits), self.v(h).squeeze(-1)


def random_legal(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="bridge server (default: start a local one)")
    ap.add_argument("--token", default="")
    ap.add_argument("--scenario", default="piwam-training")
    ap.add_argument("--num-envs", type=int, default=32)
    ap.add_argument("--steps", type=int, default=128, help="batched steps per iteration")
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--max-decisions", type=int, default=1500)
    ap.add_argument("--shaping", type=float, default=0.5, help="material reward shaping (0 = terminal reward only)")
    ap.add_argument("--seat", type=int, default=0, choices=(0, 1))
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--minibatch", type=int, default=512)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print where the time goes")
    ap.add_argument("--features", choices=("compact", "all"), default="compact")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (1 leaves the other core to the server)")
    a = ap.parse_args(argv)

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    rng = np.random.default_rng(a.seed)
    server = None
    url = a.url
    if url is None:
        server = LocalServer()
        url = server.start()
    try:
        envs = TercioVecEnv(a.scenario, a.num_envs, url, token=a.token, seed=a.seed, max_decisions=a.max_decisions,
                            reward_shaping=a.shaping, client_name="ppo_torch")
        return train(a, envs, rng)
    finally:
        if server:
            server.stop()


def train(a, envs: TercioVecEnv, rng: np.random.Generator) -> int:
    n, me = envs.num_envs, a.seat
    obs, infos = envs.reset(seed=a.seed)
    n_in = flat(obs, a.features).shape[1]
    N = envs.spec.action_size
    net = Policy(n_in, N, a.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr, eps=1e-5)
    print(f"ppo_torch: {envs.spec.ruleset}/{envs.spec.scenario_id}, {n} envs, learner = player {me} vs random, "
          f"obs {n_in} features, {N} actions, spec {envs.spec.hash}")
    print(f"{'iter':>4} {'env steps':>9} {'steps/s':>8} {'episodes':>8} {'win':>6} {'draw':>6} {'loss':>6} {'return':>7} {'pi loss':>8} {'v loss':>8} {'entropy':>8}")
    total_steps, outcomes = 0, []  # 1 win, 0 otherwise, per finished episode in order
    for it in range(1, a.iterations + 1):
        t0 = time.perf_counter()
        # Per env, the learner's transitions in order; rewards that arrive on the opponent's moves are
        # credited to the learner's latest transition.
        X, M, A, LP, V, R, D, E = [], [], [], [], [], [], [], []
        last = np.full(n, -1)
        t_env = 0.0
        wins = draws = losses = eps = 0
        ep_ret = []
        for _ in range(a.steps):
            mask = obs["action_mask"]
            mine = infos["player"] == me
            actions = np.zeros(n, dtype=np.int64)
            if mine.any():
                x = torch.as_tensor(flat(obs, a.features)[mine])
                mk = torch.as_tensor(mask[mine].astype(bool))
                with torch.no_grad():
                    dist, v = net(x, mk)
                    act = dist.sample()
                actions[mine] = act.numpy()
                lp = dist.log_prob(act).numpy()
                for j, i in enumerate(np.flatnonzero(mine)):
                    last[i] = len(X)
                    X.append(x[j].numpy()); M.append(mask[i].astype(bool)); A.append(int(act[j])); LP.append(lp[j]); V.append(float(v[j]))
                    R.append(0.0); D.append(False); E.append(i)
            for i in np.flatnonzero(~mine):
                actions[i] = random_legal(rng, mask[i])
            te = time.perf_counter()
            obs, _, term, trunc, infos = envs.step(actions)
            t_env += time.perf_counter() - te
            r_me = infos["rewards"][:, me]
            for i in range(n):
                if last[i] >= 0:
                    R[last[i]] += float(r_me[i])
            done = term | trunc
            for i in np.flatnonzero(done):
                if last[i] >= 0:
                    D[last[i]] = True
                last[i] = -1
                w = int(infos["episode"]["winner"][i])
                outcomes.append(1 if w == me else 0)
                eps += 1
                wins += w == me
                losses += w == 1 - me
                draws += w not in (0, 1)
                ep_ret.append(float(infos["episode"]["r"][i][me]))
        total_steps += a.steps * n
        if not X:
            print(f"{it:>4} no learner decisions in this iteration")
            continue
        # GAE per env over its own sequence; an unfinished sequence bootstraps from its last value.
        T = len(X)
        adv = np.zeros(T, dtype=np.float32)
        E_arr = np.array(E)
        for i in range(n):
            idx = np.flatnonzero(E_arr == i)
            gae = 0.0
            for k in reversed(range(len(idx))):
                t = idx[k]
                if D[t]:
                    next_v, gae = 0.0, 0.0
                elif k + 1 < len(idx):
                    next_v = V[idx[k + 1]]
                else:
                    next_v, gae = V[t], 0.0  # open end of the rollout: bootstrap from its own value
                gae = R[t] + a.gamma * next_v - V[t] + a.gamma * a.lam * gae
                adv[t] = gae
        ret = adv + np.array(V, dtype=np.float32)
        Xt, Mt = torch.as_tensor(np.stack(X)), torch.as_tensor(np.stack(M))
        At, LPt = torch.as_tensor(A), torch.as_tensor(np.array(LP, dtype=np.float32))
        ADVt, RETt = torch.as_tensor(adv), torch.as_tensor(ret)
        for _ in range(a.epochs):
            perm = torch.randperm(T)
            for s in range(0, T, a.minibatch):
                b = perm[s:s + a.minibatch]
                dist, v = net(Xt[b], Mt[b])
                ab = ADVt[b]
                ab = (ab - ab.mean()) / (ab.std() + 1e-8) if len(b) > 1 else ab
                ratio = torch.exp(dist.log_prob(At[b]) - LPt[b])
                pl = -torch.min(ratio * ab, torch.clamp(ratio, 1 - a.clip, 1 + a.clip) * ab).mean()
                vl = 0.5 * ((v - RETt[b]) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pl + 0.5 * vl - a.ent * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        dt = time.perf_counter() - t0
        if a.verbose:
            print(f"     time {dt:.2f} s: env steps {t_env:.2f} s, rest (policy, update) {dt - t_env:.2f} s")
        win = wins / eps if eps else float("nan")
        print(f"{it:>4} {total_steps:>9} {a.steps * n / dt:>8.0f} {eps:>8} {win:>6.2f} {draws / eps if eps else float('nan'):>6.2f} "
              f"{losses / eps if eps else float('nan'):>6.2f} {np.mean(ep_ret) if ep_ret else float('nan'):>7.2f} "
              f"{float(pl):>8.4f} {float(vl):>8.4f} {float(ent):>8.3f}", flush=True)
    envs.close()
    if len(outcomes) >= 2:
        h = len(outcomes) // 2
        print(f"win rate vs random over {len(outcomes)} episodes: first half {np.mean(outcomes[:h]):.2f}, "
              f"second half {np.mean(outcomes[h:]):.2f} (longer runs: --iterations)")
    else:
        print(f"win rate vs random: {len(outcomes)} episode(s) finished; run more --iterations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
