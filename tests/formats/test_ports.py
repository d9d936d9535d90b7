"""Ports as JSON and CSV: every port once, with the command that makes them
again."""

from __future__ import annotations

import csv
import io
import json

import registered

from viewer import registry
from viewer.formats.ports import CSV_FIELDS, command_line, csv_text, json_text


def test_json_and_csv_hold_every_port_and_the_command():
    r = registry.declaration("ports").generate(registered.quick("ports"), seed=3)
    n = len(r.detail.ports)
    assert n > 0
    doc = json.loads(json_text(r))
    assert len(doc["ports"]) == n and doc["command"] == command_line(r.params, r.seed)
    rows = list(csv.reader(io.StringIO(csv_text(r))))
    assert tuple(rows[0]) == CSV_FIELDS and len(rows) == n + 1
    assert [int(row[0]) for row in rows[1:]] == [p["id"] for p in r.detail.ports]
    assert {row[-1] for row in rows[1:]} == {doc["command"]}
