//! The program's fixed TypeScript: imports, the connection, the clock, how results are described
//! and checked, the clients that send, receive and settle, and the end check; with the
//! environment of the one queue or of a document's entities.

/// The one queue's environment in [`PRELUDE`]; a document with `entities` has [`ENTITY_ENV`].
pub(super) const QUEUE_ENV: &str = r#"const QUEUE = process.env.SERVICEBUS_QUEUE ?? "";
if (!CONNECTION_STRING || !QUEUE) {
  console.error("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE");
  process.exit(2);
}
"#;

pub(super) const ENTITY_ENV: &str = r#"/** Put before every queue and topic name of the scenario (entities of the run's own). */
const PREFIX = process.env.SETTLE_ENTITY_PREFIX ?? "";
const QUEUE = ""; // no single queue: the scenario declares its entities
if (!CONNECTION_STRING) {
  console.error("set SERVICEBUS_CONNECTION_STRING");
  process.exit(2);
}
"#;

pub(super) const PRELUDE: &str = r#"
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
"#;
