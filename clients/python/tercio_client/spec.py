"""The env spec of an env set, as plain Python (from the EnvSpec reply)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Tuple

from . import tercio_pb2 as pb


@dataclass(frozen=True)
class ActionSegment:
    name: str
    offset: int
    size: int
    texts: Tuple[str, ...]


@dataclass(frozen=True)
class EnvSpec:
    env_set: int
    count: int
    ruleset: str
    scenario_id: str
    planes_shape: Tuple[int, int, int]
    channels: Tuple[str, ...]
    entities_shape: Tuple[int, int]
    entity_features: Tuple[str, ...]
    globals_shape: Tuple[int]
    global_names: Tuple[str, ...]
    action_size: int
    segments: Tuple[ActionSegment, ...]
    decision_kinds: Tuple[str, ...]
    max_decisions: int
    skip_forced: bool
    hash: str
    interface_hash: str
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @staticmethod
    def from_proto(m: pb.EnvSpec) -> "EnvSpec":
        return EnvSpec(
            env_set=m.env_set, count=m.count, ruleset=m.ruleset, scenario_id=m.scenario_id,
            planes_shape=tuple(m.planes_shape), channels=tuple(m.channels),
            entities_shape=tuple(m.entities_shape), entity_features=tuple(m.entity_features),
            globals_shape=tuple(m.globals_shape), global_names=tuple(m.global_names),
            action_size=m.action_size,
            segments=tuple(ActionSegment(s.name, s.offset, s.size, tuple(s.texts)) for s in m.segments),
            decision_kinds=tuple(m.decision_kinds), max_decisions=m.max_decisions, skip_forced=m.skip_forced,
            hash=m.hash, interface_hash=m.interface_hash, raw=json.loads(m.spec_json) if m.spec_json else {},
        )

    def action_texts(self) -> List[str]:
        """Canonical text of every action id, in id order (`choice:pass`, `hex:1012`, ...)."""
        out: List[str] = []
        for s in self.segments:
            out.extend(s.texts)
        return out

    def action_text(self, action: int) -> str:
        for s in self.segments:
            if s.offset <= action < s.offset + s.size:
                return s.texts[action - s.offset]
        return f"invalid:{action}"

    def action_id(self, text: str) -> int:
        for s in self.segments:
            if text in s.texts:
                return s.offset + s.texts.index(text)
        raise KeyError(f"unknown action text {text!r}")
