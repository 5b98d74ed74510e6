//! Automated actors: the calls that start each one as a promise, and the TypeScript loops they
//! run (`senderActor`, `receiverActor`).

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
        "senderActor({}, {{ mode: {}, count: {}, startMs: {}, intervalMs: {}, maxInFlight: {limit}, idPrefix: {}, body: {}, ttlMs: {}, sessionIds: [{}] }})",
        s(&a.name),
        s(mode),
        a.count,
        a.start.as_millis(),
        a.interval.as_millis(),
        s(&a.id_prefix),
        s(&a.body),
        a.ttl
            .map_or("undefined".into(), |t| t.as_millis().to_string()),
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
    let poison = a.poison.as_ref().map_or("undefined".into(), |p| {
        let (then, r) = match &p.then {
            Policy::DeadLetter(r) => ("dead_letter", r.to_string()),
            _ => ("abandon", String::new()),
        };
        format!(
            "{{ contains: {}, then: {}, reason: {} }}",
            s(&p.contains),
            s(then),
            s(&r)
        )
    });
    let opt = |v: Option<u64>| v.map_or("undefined".into(), |x| x.to_string());
    let sessions = a.sessions.map_or(String::new(), |o| {
        format!(", sessions: [{}, {}]", o.max_concurrent, o.idle.as_millis())
    });
    format!(
        "receiverActor({}, {{ mode: {}, sub: {}, concurrency: {}, startMs: {}, stopAtMs: {}, pollMs: {}, workMs: [{}, {}], outcome: {}, reason: {}, poison: {poison}, hang: [{}, {}], autoRenewMs: {}, idempotent: {}, crashAtMs: {}, restartAfterMs: {}, seed: {}{sessions} }})",
        s(&a.name),
        s(a.mode.name()),
        s(a.from.name()),
        a.concurrency,
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
        a.idempotent,
        opt(a.crash_at.map(settle_core::Instant::as_millis)),
        opt(a.restart_after.map(settle_core::Duration::as_millis)),
        seed % 4_294_967_296,
    )
}

pub(super) const ACTORS: &str = r#"
function log(name: string, text: string): void {
  console.log(`[${(nowMs() / 1000).toFixed(2).padStart(8)} s] ${name}: ${text}`);
}

/** A small seeded generator (mulberry32): processing times are drawn from the actor's range. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SenderOptions {
  mode: string;
  count: number;
  startMs: number;
  intervalMs: number;
  maxInFlight: number;
  idPrefix: string;
  body: string;
  ttlMs: number | undefined;
  sessionIds: string[];
}

/** An automated sender: `count` sends, awaited as `mode` says. */
async function senderActor(name: string, o: SenderOptions): Promise<string> {
  await at(o.startMs);
  const sender = client(name).getSender();
  const results = { ok: 0, failed: 0 };
  const quiet = o.mode === "fire_and_forget";
  const one = async (n: number): Promise<void> => {
    const msg: ServiceBusMessage = {
      body: o.body.replace("{n}", String(n)),
      messageId: `${o.idPrefix}${n}`,
      sessionId: o.sessionIds.length > 0 ? o.sessionIds[(n - 1) % o.sessionIds.length] : undefined,
      timeToLive: o.ttlMs,
    };
    try {
      await sender.sendMessages(msg);
      results.ok += 1;
    } catch (e: unknown) {
      results.failed += 1;
      if (!quiet) log(name, `send ${o.idPrefix}${n} failed: ${kindOf(e)}`);
    }
  };
  if (o.mode === "sequential") {
    for (let n = 1; n <= o.count; n++) {
      await one(n);
      await sleep(o.intervalMs);
    }
  } else if (o.mode === "throttled") {
    // A semaphore: at most maxInFlight sends at once.
    let free = o.maxInFlight;
    const waiting: (() => void)[] = [];
    const limited = async (n: number): Promise<void> => {
      if (free === 0) await new Promise<void>((go) => waiting.push(go));
      else free -= 1;
      try {
        await one(n);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    };
    const all: Promise<void>[] = [];
    for (let n = 1; n <= o.count; n++) {
      all.push(limited(n));
      await sleep(o.intervalMs);
    }
    await Promise.all(all);
  } else {
    // pipelined: start them all, then await them all; fire_and_forget: start them all and never
    // look at the results (they are awaited only so the program can end cleanly).
    const all: Promise<void>[] = [];
    for (let n = 1; n <= o.count; n++) {
      all.push(one(n));
      await sleep(o.intervalMs);
    }
    await Promise.all(all);
  }
  const summary = quiet
    ? `${o.count} sends started, results not looked at`
    : `${results.ok} sends accepted, ${results.failed} failed`;
  log(name, summary);
  return summary;
}

interface ReceiverOptions {
  mode: string;
  sub: string;
  concurrency: number;
  startMs: number;
  stopAtMs: number | undefined;
  pollMs: number;
  workMs: [number, number];
  outcome: string;
  reason: string;
  poison: { contains: string; then: string; reason: string } | undefined;
  hang: [number, number];
  autoRenewMs: number | undefined;
  idempotent: boolean;
  crashAtMs: number | undefined;
  restartAfterMs: number | undefined;
  seed: number;
  /** A session processor: [MaxConcurrentSessions, SessionIdleTimeout in ms]. */
  sessions?: [number, number];
}

/** An automated receiver: receive, process for a while, settle by policy. */
async function receiverActor(name: string, o: ReceiverOptions): Promise<string> {
  const random = rng(o.seed);
  const c = client(name);
  c.mode = o.mode;
  c.autoRenewMs = o.autoRenewMs ?? 0;
  const done = new Set<string>();
  const counts = { received: 0, complete: 0, abandon: 0, defer: 0, dead_letter: 0, failed: 0 };
  let crashed = false;
  await at(o.startMs);
  const handle = async (r: ServiceBusReceiver, m: ServiceBusReceivedMessage): Promise<void> => {
    const id = String(m.messageId);
    try {
      if (o.idempotent && done.has(id)) {
        if (o.mode !== "receive_and_delete") {
          await r.completeMessage(m);
          counts.complete += 1;
        }
        log(name, `${id} again: already processed, completed without the work`);
        return;
      }
      await sleep(o.workMs[0] + random() * (o.workMs[1] - o.workMs[0]));
      if (random() < o.hang[0]) {
        log(name, `processing ${id} hangs for ${o.hang[1] / 1000} s`);
        await sleep(o.hang[1]);
      }
      if (o.mode === "receive_and_delete") {
        done.add(id);
        log(name, `processed ${id}`);
        return;
      }
      if (o.poison !== undefined && String(m.body).includes(o.poison.contains)) {
        if (o.poison.then === "dead_letter") await r.deadLetterMessage(m, deadLetterOptions({ deadLetterReason: o.poison.reason }));
        else await r.abandonMessage(m); // the handler threw
        counts[o.poison.then === "dead_letter" ? "dead_letter" : "abandon"] += 1;
        log(name, `${id} is poison: ${o.poison.then}`);
        return;
      }
      if (o.outcome === "abandon") await r.abandonMessage(m);
      else if (o.outcome === "defer") await r.deferMessage(m);
      else if (o.outcome === "dead_letter") await r.deadLetterMessage(m, deadLetterOptions({ deadLetterReason: o.reason }));
      else await r.completeMessage(m);
      counts[o.outcome === "abandon" || o.outcome === "defer" || o.outcome === "dead_letter" ? o.outcome : "complete"] += 1;
      done.add(id);
      log(name, `${o.outcome} ${id} (DeliveryCount ${String(m.deliveryCount)})`);
    } catch (e: unknown) {
      counts.failed += 1;
      log(name, `settling ${id} failed: ${kindOf(e)}`);
    }
  };
  const running = (): boolean => nowMs() < RUN_UNTIL_MS && (o.stopAtMs === undefined || nowMs() < o.stopAtMs);
  /** One session receiver of a session processor: accepts the next available session, handles
   * its messages one at a time, closes it after `idleMs` without one, and accepts the next. */
  const sessionWorker = async (idleMs: number): Promise<void> => {
    while (running()) {
      let r: ServiceBusSessionReceiver;
      try {
        r = await c.sessionLink(undefined); // accepts the next available session (waits for one)
      } catch (e: unknown) {
        log(name, `no session accepted: ${kindOf(e)}`);
        await sleep(o.pollMs);
        continue;
      }
      try {
        while (running()) {
          const msgs = await r.receiveMessages(1, { maxWaitTimeInMs: Math.max(idleMs, 1) });
          if (msgs.length === 0) break; // idle: let the session go
          counts.received += msgs.length;
          for (const m of msgs) await handle(r, m);
        }
      } catch (e: unknown) {
        log(name, `session receive failed: ${kindOf(e)}`);
      } finally {
        await r.close();
      }
    }
  };
  if (o.sessions !== undefined) {
    const [n, idleMs] = o.sessions;
    await Promise.all(Array.from({ length: n }, () => sessionWorker(idleMs)));
  }
  while (o.sessions === undefined && running()) {
    if (o.crashAtMs !== undefined && !crashed && nowMs() >= o.crashAtMs) {
      crashed = true;
      log(name, "crashes (its connection is closed)");
      await c.disconnect();
      if (o.restartAfterMs === undefined) break;
      await sleep(o.restartAfterMs);
      log(name, "restarts");
    }
    const r = c.receiver(o.mode, o.sub);
    let msgs: ServiceBusReceivedMessage[];
    try {
      msgs = await r.receiveMessages(o.concurrency, { maxWaitTimeInMs: o.pollMs });
    } catch (e: unknown) {
      log(name, `receive failed: ${kindOf(e)}`);
      await sleep(o.pollMs);
      continue;
    }
    counts.received += msgs.length;
    await Promise.all(msgs.map((m) => handle(r, m)));
  }
  const summary =
    `${counts.received} received, ${counts.complete} completed, ${counts.abandon} abandoned, ` +
    `${counts.defer} deferred, ${counts.dead_letter} dead-lettered, ${counts.failed} settlements failed`;
  log(name, summary);
  return summary;
}
"#;
