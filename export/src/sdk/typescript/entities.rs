//! Documents with `entities`: the TypeScript layer (clients of any queue or topic, the
//! administration helpers, the end check of every entity), the registry of paths and clients,
//! and `createEntities()`.

use super::admin::{dup_fields, lock_fields, queue_fields, rule_filter, ttl_fields};
use super::lit::s;
use crate::sdk::entities::{Create, client_addresses, creation, receive_paths};
use crate::sdk::header::size_mb;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_scenario::Scenario;

/// The registry of a document with `entities`: its queues and subscriptions, and each client
/// with the entity it sends to and the one it receives from.
pub(super) fn entity_registry(o: &mut String, sc: &Scenario) {
    let paths: Vec<String> = receive_paths(sc)
        .iter()
        .map(|(p, x)| format!("[{}, {x}]", s(p)))
        .collect();
    let _ = writeln!(
        o,
        "\nconst RECEIVE_PATHS: [string, boolean][] = [{}];",
        paths.join(", ")
    );
    o.push_str("// Each client: the entity it sends to by default, the one it receives from.\n");
    for (name, (to, from)) in client_addresses(sc) {
        let _ = writeln!(
            o,
            "CLIENTS.set({n}, new EntityClient({n}, {}, {}));",
            s(&to),
            s(&from),
            n = s(&name)
        );
    }
}

/// `createEntities()`: every queue, topic, subscription and rule of the document.
pub(super) fn create_entities(sc: &Scenario) -> String {
    let mut o = String::from(
        "/** Creates the scenario's queues, topics, subscriptions and rules with exactly its properties\n * (needs Manage rights). */\nasync function createEntities(): Promise<void> {\n  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);\n",
    );
    let name = |n: &str| format!("entityName({})", s(n));
    for c in creation(sc) {
        match c {
            Create::Queue(n, q) => {
                let _ = writeln!(
                    o,
                    "  await admin.createQueue({}, {{\n    {},\n  }});",
                    name(n),
                    queue_fields(q).join(",\n    ")
                );
            }
            Create::Topic(n, q) => {
                let mut f: Vec<String> = ttl_fields(q).into_iter().collect();
                f.extend(dup_fields(q));
                f.push(format!("maxSizeInMegabytes: {}", size_mb(q.max_size_bytes)));
                let _ = writeln!(
                    o,
                    "  await admin.createTopic({}, {{\n    {},\n  }});",
                    name(n),
                    f.join(",\n    ")
                );
            }
            Create::Subscription(t, sub, x) => {
                let mut f = lock_fields(&x.config);
                f.push(format!(
                    "deadLetteringOnFilterEvaluationExceptions: {}",
                    x.dead_letter_on_filter_evaluation_exceptions
                ));
                f.push(format!("requiresSession: {}", x.config.requires_session));
                let _ = writeln!(
                    o,
                    "  await admin.createSubscription({}, {}, {{\n    {},\n  }});",
                    name(t),
                    s(sub),
                    f.join(",\n    ")
                );
            }
            Create::DeleteDefault(t, sub) => {
                o.push_str("  // Its own rules instead of the default one.\n");
                let _ = writeln!(
                    o,
                    "  await admin.deleteRule({}, {}, \"$Default\");",
                    name(t),
                    s(sub)
                );
            }
            Create::Rule(t, sub, rule, f, a) => {
                let action = a.map_or(String::new(), |a| {
                    format!(", {{ sqlExpression: {} }}", s(&a))
                });
                let _ = writeln!(
                    o,
                    "  await admin.createRule({}, {}, {}, {}{action});",
                    name(t),
                    s(sub),
                    s(&rule),
                    rule_filter(&f)
                );
            }
        }
    }
    o.push_str("  console.log(\"created the scenario's entities\");\n}\n");
    o
}

/// A document with `entities`: clients that send to any queue or topic and receive from one
/// queue or subscription, the administration helpers, and the end check of every entity.
pub(super) const ENTITY_LAYER: &str = r#"
/** A queue's or topic's real name: SETTLE_ENTITY_PREFIX and its name in the scenario. */
function entityName(name: string): string {
  return PREFIX + name;
}

/** A receive path's real queue or topic name, and its subscription (undefined for a queue). */
function splitPath(path: string): [string, string | undefined] {
  const i = path.indexOf("/subscriptions/");
  return i < 0 ? [entityName(path), undefined] : [entityName(path.slice(0, i)), path.slice(i + "/subscriptions/".length)];
}

/** A client of a scenario with several entities: it sends to any queue or topic, and receives
 * from one queue or subscription (its receive entity). */
class EntityClient extends Client {
  senders = new Map<string, ServiceBusSender>();

  constructor(
    name: string,
    readonly sendsTo: string,
    readonly receivesFrom: string,
  ) {
    super(name);
  }

  senderFor(entity: string): ServiceBusSender {
    let s = this.senders.get(entity);
    if (s === undefined) {
      s = this.sb.createSender(entityName(entity)); // a queue or a topic
      this.senders.set(entity, s);
    }
    return s;
  }

  override getSender(): ServiceBusSender {
    return this.senderFor(this.sendsTo);
  }

  /** A new receiver of the receive entity (a queue or a subscription) for this mode and sub-queue. */
  override link(mode: string, sub: string): ServiceBusReceiver {
    const options = {
      receiveMode: mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      subQueueType: sub === "dead_letter" ? ("deadLetter" as const) : undefined,
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    const [name, subscription] = splitPath(this.receivesFrom);
    return subscription === undefined ? this.sb.createReceiver(name, options) : this.sb.createReceiver(name, subscription, options);
  }

  override async sessionLink(sessionId: string | undefined): Promise<ServiceBusSessionReceiver> {
    const options = {
      receiveMode: this.mode === "receive_and_delete" ? ("receiveAndDelete" as const) : ("peekLock" as const),
      maxAutoLockRenewalDurationInMs: this.autoRenewMs,
    };
    const [name, subscription] = splitPath(this.receivesFrom);
    if (subscription === undefined) {
      return sessionId === undefined
        ? await this.sb.acceptNextSession(name, options)
        : await this.sb.acceptSession(name, sessionId, options);
    }
    return sessionId === undefined
      ? await this.sb.acceptNextSession(name, subscription, options)
      : await this.sb.acceptSession(name, subscription, sessionId, options);
  }

  override async disconnect(): Promise<void> {
    for (const s of this.senders.values()) await s.close();
    this.senders.clear();
    await super.disconnect();
  }

  override async shutdown(): Promise<void> {
    for (const s of this.senders.values()) await s.close();
    await super.shutdown();
  }
}

function eclient(name: string): EntityClient {
  const c = client(name);
  if (!(c instanceof EntityClient)) throw new Refused(`${name} is not a client of this scenario`);
  return c;
}

/** Every message in a queue or subscription (or its dead-letter queue), peeked. */
async function peekEntity(sb: ServiceBusClient, path: string, deadLetter: boolean): Promise<ServiceBusReceivedMessage[]> {
  const [name, subscription] = splitPath(path);
  const options = { subQueueType: deadLetter ? ("deadLetter" as const) : undefined };
  return peekThrough(subscription === undefined ? sb.createReceiver(name, options) : sb.createReceiver(name, subscription, options));
}

/** What is left in every queue and subscription and in their dead-letter queues, worded as
 * Settle's prediction. */
async function entityContents(): Promise<string> {
  const sb = new ServiceBusClient(CONNECTION_STRING);
  const sorted = (items: string[]): string => (items.length === 0 ? "(empty)" : items.sort().join(", "));
  const lines: string[] = [];
  for (const [path, sessions] of RECEIVE_PATHS) {
    const main = sessions
      ? "(not peeked: a session queue is peeked per session)"
      : sorted((await peekEntity(sb, path, false)).map((m) => String(m.messageId)));
    const dlq = sorted(
      (await peekEntity(sb, path, true)).map((m) =>
        m.deadLetterReason ? `${String(m.messageId)} (${m.deadLetterReason})` : String(m.messageId),
      ),
    );
    lines.push(`${path}: ${main} | dead-letter queue: ${dlq}`);
  }
  await sb.close();
  return lines.join("; ");
}

/** Changes a queue's, topic's or subscription's settings (needs Manage rights). */
async function updateEntity(path: string, changes: Record<string, unknown>): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription !== undefined) {
    const s = await admin.getSubscription(name, subscription);
    Object.assign(s, changes);
    await admin.updateSubscription(s);
  } else if (await admin.topicExists(name)) {
    const t = await admin.getTopic(name);
    Object.assign(t, changes);
    await admin.updateTopic(t);
  } else {
    const q = await admin.getQueue(name);
    Object.assign(q, changes);
    await admin.updateQueue(q);
  }
}

/** Adds a rule to a subscription (needs Manage rights). */
async function addRule(
  path: string,
  rule: string,
  filter: SqlRuleFilter | CorrelationRuleFilter,
  action: SqlRuleAction | undefined,
): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription === undefined) throw new Refused(`${path} is not a subscription`);
  if (action === undefined) await admin.createRule(name, subscription, rule, filter);
  else await admin.createRule(name, subscription, rule, filter, action);
}

/** Removes a subscription's rule (needs Manage rights). */
async function removeRule(path: string, rule: string): Promise<void> {
  const admin = new ServiceBusAdministrationClient(CONNECTION_STRING);
  const [name, subscription] = splitPath(path);
  if (subscription === undefined) throw new Refused(`${path} is not a subscription`);
  await admin.deleteRule(name, subscription, rule);
}

void eclient;
void updateEntity;
void addRule;
void removeRule;
"#;
