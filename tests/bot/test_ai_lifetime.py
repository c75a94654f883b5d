"""The AI's worker processes end with the bot, however it ends (issue 18, fault 8)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = Path(__file__).with_name("ai_pool_host.py")


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(
                int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
def test_fault_8_the_ai_workers_end_with_a_killed_bot(tmp_path) -> None:
    """A real bot process makes an AI move (its pool: the fork server, a worker and
    multiprocessing's resource tracker), is killed with SIGKILL, and every process it
    started is gone within a few seconds (they ran on for minutes, each crash leaking a
    set of about 55 MiB)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HOST.parent), str(ROOT)]))
    host = subprocess.Popen([sys.executable, str(HOST), str(tmp_path / "bot.sqlite3")],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert host.stdout is not None and host.stdout.readline().strip() == "ready"
        pool = descendants(host.pid)
        commands = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in pool]
        assert any(b"forkserver" in c for c in commands), commands
        assert any(b"resource_tracker" in c for c in commands), commands
        assert len(pool) >= 3, commands  # the server, the tracker and a worker
    finally:
        host.kill()
        host.wait()
    for _ in range(100):
        alive = [pid for pid in pool if running(pid)]
        if not alive:
            break
        time.sleep(0.05)
    for pid in alive:  # leave no process behind, even when failing
        os.kill(pid, signal.SIGKILL)
    assert alive == [], "still running 5 s after the bot was killed"
