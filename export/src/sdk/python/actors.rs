//! Automated actors: the calls that start each one as a Python task, and the Python loops they
//! run (`sender_actor`, `receiver_actor`).

use super::lit::s;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use settle_core::actors::{Policy, ReceiverSpec, SendMode, SenderSpec};

pub(super) fn sender_call(a: &SenderSpec) -> String {
    let mode = match a.mode {
        SendMode::Sequential => "sequential",
        SendMode::Pipelined => "pipelined",
        SendMode::Throttled(_) => "throttled",
        SendMode::FireAndForget => "fire_and_forget",
        // The nearest the SDKs can do (actor_notes says so).
        SendMode::Presettled => "fire_and_forget",
    };
    let limit = match a.mode {
        SendMode::Throttled(k) => k,
        _ => 0,
    };
    let sessions: Vec<String> = a.sessions.iter().map(|x| s(x)).collect();
    format!(
        "sender_actor({}, mode={}, count={}, start_ms={}, interval_ms={}, max_in_flight={limit}, id_prefix={}, body={}, ttl_ms={}, session_ids=[{}])",
        s(&a.name),
        s(mode),
        a.count,
        a.start.as_millis(),
        a.interval.as_millis(),
        s(&a.id_prefix),
        s(&a.body),
        a.ttl.map_or("None".into(), |t| t.as_millis().to_string()),
        sessions.join(", ")
    )
}

pub(super) fn receiver_call(a: &ReceiverSpec, seed: u64) -> String {
    let (outcome, reason) = match &a.policy {
        Policy::Complete => ("complete", String::new()),
        Policy::Abandon => ("abandon", String::new()),
        Policy::Defer => ("defer", String::new()),
        Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
    };
    let poison = a.poison.as_ref().map_or("None".into(), |p| {
        let (then, r) = match &p.then {
            Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
            _ => ("abandon", String::new()),
        };
        format!("({}, {}, {})", s(&p.contains), s(then), s(&r))
    });
    let opt = |v: Option<u64>| v.map_or("None".into(), |x| x.to_string());
    let sessions = a.sessions.map_or(String::new(), |o| {
        format!(", sessions=({}, {})", o.max_concurrent, o.idle.as_millis())
    });
    format!(
        "receiver_actor({}, mode={}, sub={}, concurrency={}, prefetch={}, start_ms={}, stop_at_ms={}, poll_ms={}, work_ms=({}, {}), outcome={}, reason={}, poison={poison}, hang=({}, {}), auto_renew_ms={}, idempotent={}, crash_at_ms={}, restart_after_ms={}, seed={seed}{sessions})",
        s(&a.name),
        s(a.mode.name()),
        s(a.from.name()),
        a.concurrency,
        a.prefetch,
        a.start.as_millis(),
        opt(a.stop_at.map(settle_core::Instant::as_millis)),
        a.poll.as_millis(),
        a.work_min.as_millis(),
        a.work_max.as_millis(),
        s(outcome),
        s(&reason),
        f64::from(a.hang_per_mille) / 1000.0,
        a.hang.as_millis(),
        opt(a.auto_renew.map(settle_core::Duration::as_millis)),
        if a.idempotent { "True" } else { "False" },
        opt(a.crash_at.map(settle_core::Instant::as_millis)),
        opt(a.restart_after.map(settle_core::Duration::as_millis)),
    )
}

pub(super) const ACTORS: &str = r#"

def log(name: str, text: str) -> None:
    print(f"[{now_ms() / 1000:8.2f} s] {name}: {text}")


async def sender_actor(
    name: str,
    *,
    mode: str,
    count: int,
    start_ms: int,
    interval_ms: int,
    max_in_flight: int,
    id_prefix: str,
    body: str,
    ttl_ms: Optional[int],
    session_ids: list[str],
) -> str:
    """An automated sender: `count` sends, awaited as `mode` says. Returns what it saw."""
    await at(start_ms)
    sender = client(name).get_sender()
    results = {"ok": 0, "failed": 0}
    quiet = mode == "fire_and_forget"

    async def one(n: int) -> None:
        msg = ServiceBusMessage(
            body.replace("{n}", str(n)),
            message_id=f"{id_prefix}{n}",
            session_id=session_ids[(n - 1) % len(session_ids)] if session_ids else None,
            time_to_live=timedelta(milliseconds=ttl_ms) if ttl_ms is not None else None,
        )
        try:
            await sender.send_messages(msg)
            results["ok"] += 1
        except Exception as e:
            results["failed"] += 1
            if not quiet:
                log(name, f"send {id_prefix}{n} failed: {kind_of(e)}")

    if mode == "sequential":
        for n in range(1, count + 1):
            await one(n)
            await asyncio.sleep(interval_ms / 1000)
    elif mode == "throttled":
        gate = asyncio.Semaphore(max_in_flight)

        async def limited(n: int) -> None:
            async with gate:
                await one(n)

        tasks = []
        for n in range(1, count + 1):
            tasks.append(asyncio.create_task(limited(n)))
            await asyncio.sleep(interval_ms / 1000)
        await asyncio.gather(*tasks)
    else:
        # pipelined: start them all, then await them all; fire_and_forget: start them all and
        # never look at the results (they are awaited only so the program can end cleanly).
        tasks = []
        for n in range(1, count + 1):
            tasks.append(asyncio.create_task(one(n)))
            await asyncio.sleep(interval_ms / 1000)
        await asyncio.gather(*tasks)
    if quiet:
        summary = f"{count} sends started, results not looked at"
    else:
        summary = f"{results['ok']} sends accepted, {results['failed']} failed"
    log(name, summary)
    return summary


async def receiver_actor(
    name: str,
    *,
    mode: str,
    sub: str,
    concurrency: int,
    prefetch: int,
    start_ms: int,
    stop_at_ms: Optional[int],
    poll_ms: int,
    work_ms: tuple[int, int],
    outcome: str,
    reason: str,
    poison: Optional[tuple[str, str, str]],
    hang: tuple[float, int],
    auto_renew_ms: Optional[int],
    idempotent: bool,
    crash_at_ms: Optional[int],
    restart_after_ms: Optional[int],
    seed: int,
    sessions: Optional[tuple[int, int]] = None,
) -> str:
    """An automated receiver: receive, process for a while, settle by policy. Returns what it did."""
    rng = random.Random(seed)
    c = client(name)
    c.mode = mode
    c.prefetch = prefetch
    if auto_renew_ms is not None:
        c.renewer = AutoLockRenewer(max_lock_renewal_duration=auto_renew_ms / 1000)
    done: set[str] = set()
    counts = {"received": 0, "complete": 0, "abandon": 0, "defer": 0, "dead_letter": 0, "failed": 0}
    crashed = False
    await at(start_ms)

    async def handle(r: ServiceBusReceiver, m: ServiceBusReceivedMessage) -> None:
        mid = m.message_id or "?"
        try:
            if idempotent and mid in done:
                if mode != "receive_and_delete":
                    await r.complete_message(m)
                    counts["complete"] += 1
                log(name, f"{mid} again: already processed, completed without the work")
                return
            await asyncio.sleep(rng.uniform(work_ms[0], work_ms[1]) / 1000)
            if rng.random() < hang[0]:
                log(name, f"processing {mid} hangs for {hang[1] / 1000} s")
                await asyncio.sleep(hang[1] / 1000)
            if mode == "receive_and_delete":
                done.add(mid)
                log(name, f"processed {mid}")
                return
            if poison is not None and poison[0] in str(m):
                if poison[1] == "dead_letter":
                    await r.dead_letter_message(m, reason=poison[2])
                else:
                    await r.abandon_message(m)  # the handler threw
                counts[poison[1]] += 1
                log(name, f"{mid} is poison: {poison[1]}")
                return
            if outcome == "abandon":
                await r.abandon_message(m)
            elif outcome == "defer":
                await r.defer_message(m)
            elif outcome == "dead_letter":
                await r.dead_letter_message(m, reason=reason)
            else:
                await r.complete_message(m)
            counts[outcome] += 1
            done.add(mid)
            log(name, f"{outcome} {mid} (DeliveryCount {m.delivery_count})")
        except Exception as e:
            counts["failed"] += 1
            log(name, f"settling {mid} failed: {kind_of(e)}")

    def running() -> bool:
        return now_ms() < RUN_UNTIL_MS and (stop_at_ms is None or now_ms() < stop_at_ms)

    async def session_worker(idle_ms: int) -> None:
        """One session receiver of a session processor: accepts the next available session,
        handles its messages one at a time, closes it after `idle_ms` without one, and accepts
        the next."""
        while running():
            r = c.session_link(None)
            try:
                await r.__aenter__()  # accepts the next available session (waits for one)
            except Exception as e:
                log(name, f"no session accepted: {kind_of(e)}")
                await asyncio.sleep(poll_ms / 1000)
                continue
            if c.renewer is not None and r.session is not None:
                c.renewer.register(r, r.session)
            try:
                while running():
                    msgs = await r.receive_messages(max_message_count=1, max_wait_time=max(idle_ms, 1) / 1000)
                    if not msgs:
                        break  # idle: let the session go
                    counts["received"] += len(msgs)
                    for m in msgs:
                        await handle(r, m)
            except Exception as e:
                log(name, f"session receive failed: {kind_of(e)}")
            finally:
                await r.close()

    if sessions is not None:
        await asyncio.gather(*(session_worker(sessions[1]) for _ in range(sessions[0])))
    while sessions is None and running():
        if crash_at_ms is not None and not crashed and now_ms() >= crash_at_ms:
            crashed = True
            log(name, "crashes (its connection is closed)")
            await c.disconnect()
            if restart_after_ms is None:
                break
            await asyncio.sleep(restart_after_ms / 1000)
            log(name, "restarts")
        r = c.receiver(mode, sub)
        try:
            msgs = await r.receive_messages(max_message_count=concurrency, max_wait_time=poll_ms / 1000)
        except Exception as e:
            log(name, f"receive failed: {kind_of(e)}")
            await asyncio.sleep(poll_ms / 1000)
            continue
        counts["received"] += len(msgs)
        if c.renewer is not None and mode != "receive_and_delete":
            for m in msgs:
                c.renewer.register(r, m)
        await asyncio.gather(*(handle(r, m) for m in msgs))
    summary = (
        f"{counts['received']} received, {counts['complete']} completed, {counts['abandon']} abandoned, "
        f"{counts['defer']} deferred, {counts['dead_letter']} dead-lettered, {counts['failed']} settlements failed"
    )
    log(name, summary)
    return summary
"#;
