// Lock expiry and redelivery
//
// R1 receives m1 and never settles it. After the 30-second lock the broker takes it back and
// counts a failed delivery; R2 receives it with delivery count 2; R1's late Complete is
// refused with MessageLockLost.
//
// Exported from Settle: this program performs the scenario's script against a real
// Azure Service Bus queue, each step at its time, and prints what Azure answered next to
// what Settle predicts, so a run checks both. Settle's times are virtual; here they are
// real seconds from the start, so a step can drift by network latency.
//
// Environment: SERVICEBUS_CONNECTION_STRING (with Manage rights for --create-queue and
// update_queue steps), SERVICEBUS_QUEUE (the queue's name). Use an empty queue of its own:
// anything already in it changes what the receives get.
//
// The queue this scenario needs (the data plane cannot set these; --create-queue creates
// it with exactly these properties through the administration client):
//   lock duration: 30000 ms
//   max delivery count: 10
//   default message time-to-live: none (never expires)
//   dead-lettering on message expiration: false
//   duplicate detection: off
//   requires session: false
//   tier: standard (a namespace setting: pick a namespace of this tier)
//   max size: 1024 MB
//
// DeliveryCount: Settle shows .NET's count (1 on a first delivery); this SDK shows the raw
// AMQP count (0 on a first delivery). The predictions below are translated.
//
// Run: npm install @azure/service-bus@7.9.5 && npx tsx THIS_FILE.ts [--create-queue]

import {
  ServiceBusAdministrationClient,
  ServiceBusClient,
  isServiceBusError,
  type CorrelationRuleFilter,
  type DeadLetterOptions,
  type ServiceBusMessage,
  type ServiceBusReceivedMessage,
  type ServiceBusReceiver,
  type ServiceBusSender,
  type ServiceBusSessionReceiver,
  type SqlRuleAction,
  type SqlRuleFilter,
} from "@azure/service-bus";

const CONNECTION_STRING = process.env.SERVICEBUS_CONNECTION_STRING ?? "";
const QUEUE = process.env.SERVICEBUS_QUEUE ?? "";
if (!CONNECTION_STRING || !QUEUE) {
  console.error("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE");
  process.exit(2);
}
// A real receive waits up to this long for a message; Settle's receives never wait (they return
// what is there at that instant), so a receive that finds nothing costs this much time here.
const RECEIVE_WAIT_MS = 1000;

type Seq = NonNullable<ServiceBusReceivedMessage["sequenceNumber"]>;

/** A refusal of this program's own, before anything reaches the broker (as a client library
 * refuses an operation it cannot perform). */
class Refused extends Error {}

/** The SDK's own refusals (plain Errors, not ServiceBusErrors): settling a message twice, one
 * received in receive-and-delete mode, or one only peeked. */
const SDK_REFUSALS = ["already settled", "'receiveAndDelete' receive mode", "peeked messages"];

/** Settle's name for what went wrong: the ServiceBusError's code, InvalidOperation for a refusal
 * made before the broker is asked, else the error as it is. */
function kindOf(e: unknown): string {
  if (isServiceBusError(e)) {
    return e.code;
  }
  if (e instanceof Refused || (e instanceof Error && SDK_REFUSALS.some((s) => e.message.includes(s)))) {
    return "InvalidOperation";
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 409) {
    return "MessagingEntityAlreadyExists"; // the administration API: a rule of that name exists
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 404) {
    return "MessagingEntityNotFound"; // the administration API: no such rule or entity
  }
  if (typeof e === "object" && e !== null && "statusCode" in e && e.statusCode === 400) {
    // The administration API refusing an update (what an existing queue cannot change).
    return "InvalidOperation";
  }
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

function failed(e: unknown): string {
  return `error ${kindOf(e)}`;
}

let start = Date.now();
function resetClock(): void {
  start = Date.now();
}
function nowMs(): number {
  return Date.now() - start;
}
/** `ms` after the start as a Date (scheduled enqueue times). */
function since(ms: number): Date {
  return new Date(start + ms);
}
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, Math.max(0, ms)));
/** Waits until `ms` milliseconds after the start (Settle's virtual time, here real). */
async function at(ms: number): Promise<void> {
  await sleep(ms - nowMs());
}

const tally = { same: 0, differs: 0 };
function report(step: number, what: string, expected: string, got: string): void {
  check(`step ${step}: ${what}`, expected, got);
}
function check(what: string, expected: string, got: string): void {
  const same = expected === got;
  if (same) tally.same += 1;
  else tally.differs += 1;
  console.log(`[${(nowMs() / 1000).toFixed(2).padStart(8)} s] ${what}`);
  console.log(`    Settle predicts: ${expected}`);
  console.log(`    Azure answered:  ${got}    (${same ? "as predicted" : "DIFFERS"})`);
}

function describe(msgs: ServiceBusReceivedMessage[]): string {
  if (msgs.length === 0) return "0 messages";
  const items = msgs.map((m) => `${String(m.messageId)} (DeliveryCount ${String(m.deliveryCount)})`).join(", ");
  return `${msgs.length} message${msgs.length === 1 ? "" : "s"}: ${items}`;
}

/** Application properties as the SDK takes them. */
type Props = { [key: string]: number | boolean | string | Date | null };
/** Dead-letter options with either field left out: the SDK's type asks for both, but it sends a
 * missing one as absent (as Settle models it), so the cast is safe. */
function deadLetterOptions(o: Partial<DeadLetterOptions> & Props): DeadLetterOptions & Props {
  return o as DeadLetterOptions & Props;
}

const SEQ_OF = new Map<string, Seq>();
const SCHEDULED = new Map<number, Seq>();
/** The real sequence number of a message this program has seen. */
function seqOf(id: string): Seq {
  const s = SEQ_OF.get(id);
  if (s === undefined) throw new Refused(`${id} was never seen here`);
  return s;
}
function scheduled(step: number): Seq {
  const s = SCHEDULED.get(step);
  if (s === undefined) throw new Refused(`step ${step} scheduled nothing`);
  return s;
}

/** Every message in the queue or its dead-letter queue, peeked (locked ones too). */
async function peekAll(sb: ServiceBusClient, deadLetter: boolean): Promise<ServiceBusReceivedMessage[]> {
  return peekThrough(sb.createReceiver(QUEUE, { subQueueType: deadLetter ? "deadLetter" : undefined }));
}

/** Every message the receiver's entity holds, peeked (locked ones too); closes it. */
async function peekThrough(r: ServiceBusReceiver): Promise<ServiceBusReceivedMessage[]> {
  const found: ServiceBusReceivedMessage[] = [];
  for (;;) {
    const batch = await r.peekMessages(250);
    if (batch.length === 0) break;
    found.push(...batch);
  }
  await r.close();
  return found;
}

/** What is left in the queue and in its dead-letter queue, worded as Settle's prediction. */
async function contents(sessionQueue: boolean): Promise<string> {
  const sb = new ServiceBusClient(CONNECTION_STRING);
  const sorted = (items: string[]): string => (items.length === 0 ? "(empty)" : items.sort().join(", "));
  const main = sessionQueue
    ? "(not peeked: a session queue is peeked per session)"
    : sorted((await peekAll(sb, false)).map((m) => String(m.messageId)));
  const dlq = sorted(
    (await peekAll(sb, true)).map((m) =>
      m.deadLetterReason ? `${String(m.messageId)} (${m.deadLetterReason})` : String(m.messageId),
    ),
  );
  await sb.close();
  return `queue: ${main} | dead-letter queue: ${dlq}`;
}

/** One client of the scenario: its own connection (as in Settle), its sender, its receivers,
 * and the messages it received, to settle each through the receiver that received it. */
class Client {
  sb = new ServiceBusClient(CONNECTION_STRING);
  sender: ServiceBusSender | undefined;
  receivers = new Map<string, ServiceBusReceiver>();
  session: ServiceBusSessionReceiver | undefined;
  mode = "peek_lock";
  autoRenewMs = 0;
  held = new Map<string, [ServiceBusReceiver, ServiceBusReceivedMessage]>();

  constructor(readonly name: string) {}

  getSender(): ServiceBusSender {
    this.sender ??= this.sb.createSender(QUEUE);
    return this.sender;
  }

  /** The receiver for this mode and sub-queue (the accepted session's, on the queue itself). */
  receiver(mode: string | undefined, sub: string): ServiceBusReceiver {
    if (sub === "main" && this.session !== undefined) return this.session;
    const m = mode ?? this.mode;
    const key = `${m}/${sub}`;
    let r = this.receivers.get(key);
    if (r === undefined) {
      r = this.link(m, sub);
      this.receivers.set(key, r);
    }
    return r;
  }

  /** A new receiver of the queue for this mode and sub-queue. */
  link(mode: string, sub: string): ServiceBusReceiver {
    return this.sb.createReceiver(QUEUE, {
      receiveMode: mode === "receive_and_delete" ? "receiveAndDelete" : "peekLock",
      subQueueType: sub === "dead_letter" ? "deadLetter" : undefined,
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    });
  }

  async open(mode: string, sub: string): Promise<void> {
    await this.close();
    this.mode = mode;
    this.receiver(mode, sub);
  }

  remember(r: ServiceBusReceiver, msgs: ServiceBusReceivedMessage[]): void {
    for (const m of msgs) {
      if (typeof m.messageId === "string") {
        this.held.set(m.messageId, [r, m]);
        if (m.sequenceNumber !== undefined) SEQ_OF.set(m.messageId, m.sequenceNumber);
      }
    }
  }

  /** The latest delivery of `id` to this client (an error: it never received it). */
  message(id: string): [ServiceBusReceiver, ServiceBusReceivedMessage] {
    const h = this.held.get(id);
    if (h === undefined) throw new Refused(`${this.name} never received ${id}`);
    return h;
  }

  /** Accepts (locks) this session, or the next available one: a receiver of its own. */
  async sessionLink(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    const options = {
      receiveMode: this.mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    return sessionId === undefined
      ? await this.sb.acceptNextSession(QUEUE, options)
      : await this.sb.acceptSession(QUEUE, sessionId, options);
  }

  async accept(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    this.session = await this.sessionLink(sessionId);
    return this.session;
  }

  sessionReceiver(): ServiceBusSessionReceiver {
    if (this.session === undefined) throw new Refused(`${this.name} has no accepted session`);
    return this.session;
  }

  async close(): Promise<void> {
    for (const r of this.receivers.values()) await r.close();
    this.receivers.clear();
    if (this.session !== undefined) {
      await this.session.close();
      this.session = undefined;
    }
  }

  async disconnect(): Promise<void> {
    await this.close();
    if (this.sender !== undefined) {
      await this.sender.close();
      this.sender = undefined;
    }
    await this.sb.close();
    this.sb = new ServiceBusClient(CONNECTION_STRING);
  }

  async shutdown(): Promise<void> {
    await this.close();
    if (this.sender !== undefined) await this.sender.close();
    await this.sb.close();
  }
}

const CLIENTS = new Map<string, Client>();
function client(name: string): Client {
  let c = CLIENTS.get(name);
  if (c === undefined) {
    c = new Client(name);
    CLIENTS.set(name, c);
  }
  return c;
}

/** Changes the queue's settings (needs Manage rights). As on Service Bus, locks held now are lost. */
async function updateQueue(changes: Record<string, unknown>): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const q = await admin.getQueue(QUEUE);
  Object.assign(q, changes);
  await admin.updateQueue(q);
}

// Keeps TypeScript's unused checks quiet where a scenario uses only part of the helpers.
void ({} as ServiceBusMessage | undefined);
void seqOf;
void scheduled;
void deadLetterOptions;
void since;
const RUN_UNTIL_MS = 45000;

/** Creates the queue with exactly the scenario's properties (needs Manage rights). */
async function createQueue(): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  await admin.createQueue(QUEUE, {
    lockDuration: "PT30S",
    maxDeliveryCount: 10,
    deadLetteringOnMessageExpiration: false,
    requiresDuplicateDetection: false,
    requiresSession: false,
    maxSizeInMegabytes: 1024,
  });
  console.log(`created queue ${QUEUE}`);
}

/** The scenario's script, each step at its time. */
async function script(): Promise<void> {
  let got: string;

  // Step 0 at 0 s: S1 send m1
  // Settle: ok.
  await at(0);
  try {
    await client("S1").getSender().sendMessages({ body: "", messageId: "m1" });
    got = "ok";
  } catch (e: unknown) {
    got = failed(e);
  }
  report(0, "S1 send m1", "ok", got);

  // Step 1 at 1 s: R1 receive
  // Settle: m1 (seq 1 there), .NET DeliveryCount 1, so DeliveryCount 0 here, locked until 31 s.
  await at(1000);
  try {
    const r = client("R1").receiver(undefined, "main");
    const msgs = await r.receiveMessages(1, { maxWaitTimeInMs: RECEIVE_WAIT_MS });
    client("R1").remember(r, msgs);
    got = describe(msgs);
  } catch (e: unknown) {
    got = failed(e);
  }
  report(1, "R1 receive", "1 message: m1 (DeliveryCount 0)", got);

  // Step 2 at 32 s: R2 receive
  // Settle: m1 (seq 1 there), .NET DeliveryCount 2, so DeliveryCount 1 here, locked until 62 s.
  await at(32000);
  try {
    const r = client("R2").receiver(undefined, "main");
    const msgs = await r.receiveMessages(1, { maxWaitTimeInMs: RECEIVE_WAIT_MS });
    client("R2").remember(r, msgs);
    got = describe(msgs);
  } catch (e: unknown) {
    got = failed(e);
  }
  report(2, "R2 receive", "1 message: m1 (DeliveryCount 1)", got);

  // Step 3 at 40 s: R1 complete m1
  // Settle: expect MessageLockLost: The lock supplied is invalid. Either the lock expired, or the message has already been removed from the queue, or was received by a different receiver instance. (m1: the lock expired 9 s ago.)
  await at(40000);
  try {
    const [r, m] = client("R1").message("m1");
    await r.completeMessage(m);
    got = "ok";
  } catch (e: unknown) {
    got = failed(e);
  }
  report(3, "R1 complete m1", "error MessageLockLost", got);

  // Step 4 at 41 s: R2 complete m1
  // Settle: ok.
  await at(41000);
  try {
    const [r, m] = client("R2").message("m1");
    await r.completeMessage(m);
    got = "ok";
  } catch (e: unknown) {
    got = failed(e);
  }
  report(4, "R2 complete m1", "ok", got);
}

async function main(): Promise<void> {
  if (process.argv.slice(2).includes("--create-queue")) {
    await createQueue();
  }
  resetClock();
  await script();
  await at(45000);
  for (const c of CLIENTS.values()) {
    await c.shutdown();
  }
  // At the end: what is left in the queue (active, deferred, scheduled) and in its dead-letter queue, peeked.
  // Settle: queue: (empty) | dead-letter queue: (empty)
  let left: string;
  try {
    left = await contents(false);
  } catch (e: unknown) {
    left = failed(e);
  }
  check("end: what is left", "queue: (empty) | dead-letter queue: (empty)", left);
  console.log(`${tally.same} as Settle predicted, ${tally.differs} differ`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
