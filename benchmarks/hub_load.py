"""A class's load on the classroom hub: N simulated students (300 by default) play one
tournament at once through the service on loopback, each with a hub token of their own, each
move a round trip; then the database is read back.

Prints the round trip of a move (median, p95, p99, max), moves per second, and whether any
move was lost (acknowledged but not stored) or doubled (stored twice): every student keeps
what the service acknowledged, and one move in ten is sent twice (as a client retrying after a
timeout), which must be played once.

Real parts: a real JupyterHub (its dummy authenticator; tests/hubkit.py), the service
``python -m dominolab.hub`` in its own process, SQLite in WAL mode (``--db postgresql`` for a
throwaway PostgreSQL cluster).  What runs where: the students are asyncio tasks (tornado's HTTP
client, a new connection per request as a kernel's client makes) spread over ``--workers``
processes of their own (2 by default), apart from the service's process, thinking ``--think``
seconds between moves (a class does not play flat out; ``--think 0`` is a stress test).  A real
class's clients are thirty to three hundred other machines; here they share the machine's cores
with the service, so the benchmark also prints the CPU time each side used (read from
``/proc``): the service's CPU per move is its cost whatever else runs, and ``--pin`` puts the
service on core 0 and the students on the other cores (as far as the machine allows), so
the students cannot take the service's core.  The load average is printed before and after:
other work on the machine lengthens every round trip.

Run: ``python benchmarks/hub_load.py`` (about a minute); ``--students 50`` for a quick look.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hubkit import http, start_hub, start_postgres  # noqa: E402  # the tests' real hub and database


async def student(client, url: str, token: str, key: str, rng: random.Random, think: float,
                  times: list[float], acked: dict[str, int], name: str, stats: dict[str, int],
                  joined: Joined) -> None:
    from tornado.httpclient import HTTPClientError, HTTPRequest

    headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}

    async def call(method: str, path: str, body=None):
        request = HTTPRequest(url + "api/" + path, method=method, headers=headers, request_timeout=60,
                              body=None if body is None else json.dumps(body))
        try:
            response = await client.fetch(request)
        except HTTPClientError as error:
            raise RuntimeError(f"{name}: {error.code} {error.response.body if error.response else ''}") from None
        return json.loads(response.body)

    state = await call("GET", f"tournaments/{key}/game")  # joining: the hub checks the token once
    await joined.arrive()  # the whole class has joined before anyone plays
    await asyncio.sleep(rng.uniform(0, think or 0.01))  # students do not all start in the same millisecond
    while not state["finished"]:
        view = state["view"]
        move = "next" if view["is_over"] else rng.choice(view["legal"])
        body = {"number": state["next"], "move": move, "id": f"{name}-{state['next']}"}
        start = time.perf_counter()
        state = await call("POST", f"tournaments/{key}/moves", body)
        times.append(time.perf_counter() - start)
        if rng.random() < 0.1:  # a retry of the same move: must be played once
            again = await call("POST", f"tournaments/{key}/moves", body)
            stats["retries"] += 1
            if again.get("repeated") != body["number"]:
                stats["retry_played"] += 1
        acked[name] = state["number"]
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


class Joined:
    """Every student of a process joins (a GET of their game, untimed: the hub checks each token
    once, then the service's HubAuth cache answers) before anyone plays; then each starts after
    a random part of a think, so the class's moves do not come in step."""

    def __init__(self, count: int):
        self.count = count
        self.go = asyncio.Event()
        self.start = time.perf_counter()
        self.took = 0.0

    async def arrive(self) -> None:
        self.count -= 1
        if self.count == 0:
            self.took = time.perf_counter() - self.start
            self.go.set()
        await self.go.wait()


async def run_class(url: str, tokens: dict[str, str], key: str, think: float, seed: int):
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=len(tokens) + 10)
    client = AsyncHTTPClient()
    times: list[float] = []
    acked: dict[str, int] = {}
    stats = {"retries": 0, "retry_played": 0}
    rng = random.Random(seed)
    joined = Joined(len(tokens))
    await asyncio.gather(*(student(client, url, token, key, random.Random(rng.random()), think, times, acked,
                                   name, stats, joined) for name, token in tokens.items()))
    return times, acked, stats, time.perf_counter() - joined.start - joined.took, joined.took


def _worker(job: tuple[str, dict[str, str], str, float, int, set[int] | None]):
    """One process of students (run by multiprocessing): their round trips, what each was told,
    the retries, and this process's CPU seconds."""
    url, tokens, key, think, seed, cores = job
    if cores:
        os.sched_setaffinity(0, cores)
    cpu = time.process_time()
    times, acked, stats, wall, joining = asyncio.run(run_class(url, tokens, key, think, seed))
    return times, acked, stats, wall, time.process_time() - cpu, joining


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_workers(url: str, tokens: dict[str, str], key: str, think: float, seed: int, workers: int,
                cores: set[int] | None):
    """The class split over ``workers`` processes, all started together."""
    import multiprocessing

    names = sorted(tokens)
    slices = [{n: tokens[n] for n in names[i::workers]} for i in range(workers)]
    jobs = [(url, part, key, think, seed + i, cores) for i, part in enumerate(slices) if part]
    with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
        results = pool.map(_worker, jobs)
    times = [t for r in results for t in r[0]]
    acked = {n: c for r in results for n, c in r[1].items()}
    stats = {k: sum(r[2][k] for r in results) for k in ("retries", "retry_played")}
    return (times, acked, stats, max(r[3] for r in results), sum(r[4] for r in results),
            max(r[5] for r in results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a student thinks between moves")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes the students are spread over")
    parser.add_argument("--pin", action="store_true",
                        help="the service (and the hub) on core 0, the students on the other cores")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="dominolab-hub-load-"))
    hub = start_hub(folder / "hub")
    pg = None
    try:
        if args.db == "postgresql":
            pg = start_postgres(Path(tempfile.mkdtemp(prefix="dominolab-pg-")))
            db_url = pg.url
        else:
            db_url = f"sqlite:///{folder}/dominolab.sqlite"
        hub.start_service(db_url)
        teacher = hub.user("teacher", teacher=True)
        _, t = http("POST", hub.service_url + "api/tournaments", teacher,
                    {"hands": args.hands, "opponents": "strategy"})
        key = t["key"]
        made = time.perf_counter()
        tokens = {f"student{i:03d}": hub.user(f"student{i:03d}") for i in range(args.students)}
        print(f"{args.students} hub users and tokens made in {time.perf_counter() - made:.1f} s")
        cores = sorted(os.sched_getaffinity(0))
        student_cores = None
        if args.pin and len(cores) > 1:
            assert hub.service is not None
            os.sched_setaffinity(hub.service.pid, {cores[0]})
            os.sched_setaffinity(hub.proc.pid, {cores[0]})
            student_cores = set(cores[1:])
        assert hub.service is not None
        service_cpu, hub_cpu = _cpu_seconds(hub.service.pid), _cpu_seconds(hub.proc.pid)
        load_before = os.getloadavg()
        times, acked, stats, wall, students_cpu, joining = run_workers(
            hub.service_url, tokens, key, args.think, args.seed, args.workers, student_cores)
        service_cpu = _cpu_seconds(hub.service.pid) - service_cpu
        hub_cpu = _cpu_seconds(hub.proc.pid) - hub_cpu
        load_after = os.getloadavg()

        from dominolab.hub.store import Store

        store = Store(db_url)
        lost = doubled = 0
        for name, count in acked.items():
            game = store.game(key, name, make=False)
            numbers = [m.number for m in store.moves_of(game)] if game is not None else []
            lost += max(0, count - len(numbers))
            doubled += len(numbers) - len(set(numbers)) + max(0, len(numbers) - count)
        stored = sum(len(store.moves_of(store.game(key, n, make=False))) for n in acked)
        store.close()
        times.sort()

        def q(p: float) -> float:
            return times[min(len(times) - 1, int(p * len(times)))] * 1000

        requests = len(times) + stats["retries"] + len(acked)  # moves, retries, joins
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
              f"database {args.db}; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
              f"(1 min)")
        print(f"where: the service in its own process{f' on core {cores[0]}' if student_cores else ''}; "
              f"the students in {args.workers} other processes"
              f"{' on cores ' + ','.join(map(str, sorted(student_cores))) if student_cores else ''}; "
              f"the hub in its own")
        print(f"joining: {joining:.1f} s for the whole class (the hub checks each student's token once; "
              f"not in the round trips below)")
        print(f"CPU: service {service_cpu:.1f} s ({1000 * service_cpu / max(1, requests):.2f} ms per request, "
              f"{requests} requests), students {students_cpu:.1f} s, hub {hub_cpu:.1f} s, over {wall:.1f} s")
        print(f"{args.students} students, {args.hands} hands each vs 'strategy', think {args.think} s; "
              f"{len(times)} moves in {wall:.1f} s ({len(times) / wall:.0f} moves/s)")
        print(f"move round trip: median {q(0.5):.1f} ms, p95 {q(0.95):.1f} ms, p99 {q(0.99):.1f} ms, "
              f"max {times[-1] * 1000:.1f} ms (target p99 <= 200 ms)")
        print(f"moves acknowledged {sum(acked.values())}, stored {stored}: lost {lost}, doubled {doubled}; "
              f"retries sent {stats['retries']}, played twice {stats['retry_played']}")
    finally:
        hub.stop()
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    main()
