//! Documents with `entities`: the Python layer (clients of any queue or topic, the
//! administration helpers, the end check of every entity), the registry of topics, paths and
//! clients, and `create_entities()`.

use super::admin::{dup_args, lock_args, queue_args, rule_filter, ttl_args};
use super::lit::{py_bool, s};
use crate::sdk::entities::{Create, client_addresses, creation, receive_paths, topics};
use crate::sdk::header::size_mb;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;
use settle_scenario::Scenario;

/// The registry of a document with `entities`: its topics, its queues and subscriptions, and
/// each client with the entity it sends to and the one it receives from.
pub(super) fn entity_registry(o: &mut String, sc: &Scenario) {
    let topics: Vec<String> = topics(sc).iter().map(|t| s(t)).collect();
    if topics.is_empty() {
        o.push_str("\nTOPICS: set[str] = set()\n");
    } else {
        let _ = writeln!(o, "\nTOPICS: set[str] = {{{}}}", topics.join(", "));
    }
    let paths: Vec<String> = receive_paths(sc)
        .iter()
        .map(|(p, x)| format!("({}, {})", s(p), if *x { "True" } else { "False" }))
        .collect();
    let _ = writeln!(
        o,
        "RECEIVE_PATHS: list[tuple[str, bool]] = [{}]",
        paths.join(", ")
    );
    o.push_str("# Each client: the entity it sends to by default, the one it receives from.\n");
    for (name, (to, from)) in client_addresses(sc) {
        let _ = writeln!(
            o,
            "CLIENTS[{n}] = EntityClient({n}, {}, {})",
            s(&to),
            s(&from),
            n = s(&name)
        );
    }
}

/// `create_entities()`: every queue, topic, subscription and rule of the document.
pub(super) fn create_entities(sc: &Scenario) -> String {
    let mut o = String::from(
        "async def create_entities() -> None:\n    \"\"\"Creates the scenario's queues, topics, subscriptions and rules with exactly its\n    properties (needs Manage rights).\"\"\"\n    # The asynchronous administration client needs aiohttp (pip install aiohttp).\n    from azure.servicebus.aio.management import ServiceBusAdministrationClient\n\n    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:\n",
    );
    let name = |n: &str| format!("entity_name({})", s(n));
    let call = |o: &mut String, what: &str, args: Vec<String>| {
        let _ = writeln!(
            o,
            "        await admin.{what}(\n            {},\n        )",
            args.join(",\n            ")
        );
    };
    for c in creation(sc) {
        match c {
            Create::Queue(n, q) => {
                let mut args = vec![name(n)];
                args.extend(queue_args(q));
                call(&mut o, "create_queue", args);
            }
            Create::Topic(n, q) => {
                let mut args = vec![name(n)];
                args.extend(ttl_args(q));
                args.extend(dup_args(q));
                args.push(format!(
                    "max_size_in_megabytes={}",
                    size_mb(q.max_size_bytes)
                ));
                call(&mut o, "create_topic", args);
            }
            Create::Subscription(t, sub, x) => {
                let mut args = vec![name(t), s(sub)];
                args.extend(lock_args(&x.config));
                args.push(format!(
                    "dead_lettering_on_filter_evaluation_exceptions={}",
                    py_bool(x.dead_letter_on_filter_evaluation_exceptions)
                ));
                args.push(format!(
                    "requires_session={}",
                    py_bool(x.config.requires_session)
                ));
                call(&mut o, "create_subscription", args);
            }
            Create::DeleteDefault(t, sub) => {
                o.push_str("        # Its own rules instead of the default one.\n");
                let _ = writeln!(
                    o,
                    "        await admin.delete_rule({}, {}, \"$Default\")",
                    name(t),
                    s(sub)
                );
            }
            Create::Rule(t, sub, rule, f, a) => {
                let _ = writeln!(
                    o,
                    "        await admin.create_rule({}, {}, {}, filter={}, action={})",
                    name(t),
                    s(sub),
                    s(&rule),
                    rule_filter(&f),
                    a.map_or("None".into(), |a| format!("SqlRuleAction({})", s(&a)))
                );
            }
        }
    }
    o.push_str("        print(\"created the scenario's entities\")\n");
    o
}

/// A document with `entities`: clients that send to any queue or topic and receive from one
/// queue or subscription, the administration helpers, and the end check of every entity.
pub(super) const ENTITY_LAYER: &str = r#"
from azure.core.exceptions import ResourceExistsError, ResourceNotFoundError
from azure.servicebus.management import (
    CorrelationRuleFilter,
    FalseRuleFilter,
    SqlRuleAction,
    SqlRuleFilter,
    TrueRuleFilter,
)

# The administration client's refusals under Settle's names (before the 400 of `kind_of`).
KINDS[:0] = [
    (ResourceExistsError, "MessagingEntityAlreadyExists"),
    (ResourceNotFoundError, "MessagingEntityNotFound"),
]

def entity_name(name: str) -> str:
    """A queue's or topic's real name: SETTLE_ENTITY_PREFIX and its name in the scenario."""
    return PREFIX + name


def split_path(path: str) -> tuple[str, Optional[str]]:
    """A receive path's real queue or topic name, and its subscription (None for a queue)."""
    topic, _, sub = path.partition("/subscriptions/")
    return entity_name(topic), (sub or None)


class EntityClient(Client):
    """A client of a scenario with several entities: it sends to any queue or topic, and
    receives from one queue or subscription (its receive entity)."""

    def __init__(self, name: str, sends_to: str, receives_from: str) -> None:
        super().__init__(name)
        self.sends_to = sends_to
        self.receives_from = receives_from
        self.senders: dict[str, ServiceBusSender] = {}

    def sender_for(self, entity: str) -> ServiceBusSender:
        if entity not in self.senders:
            real = entity_name(entity)
            self.senders[entity] = (
                self.sb.get_topic_sender(real) if entity in TOPICS else self.sb.get_queue_sender(real)
            )
        return self.senders[entity]

    def get_sender(self) -> ServiceBusSender:
        return self.sender_for(self.sends_to)

    def link(self, mode: str, sub: str) -> ServiceBusReceiver:
        """A new receiver of the receive entity (a queue or a subscription) for this mode and
        sub-queue."""
        name, subscription = split_path(self.receives_from)
        receive_mode = (
            ServiceBusReceiveMode.RECEIVE_AND_DELETE if mode == "receive_and_delete" else ServiceBusReceiveMode.PEEK_LOCK
        )
        sub_queue = ServiceBusSubQueue.DEAD_LETTER if sub == "dead_letter" else None
        if subscription is None:
            return self.sb.get_queue_receiver(
                name,
                receive_mode=receive_mode,
                sub_queue=sub_queue,
                prefetch_count=self.prefetch,
                max_wait_time=RECEIVE_WAIT_S,
                auto_lock_renewer=self.renewer,
            )
        return self.sb.get_subscription_receiver(
            name,
            subscription,
            receive_mode=receive_mode,
            sub_queue=sub_queue,
            prefetch_count=self.prefetch,
            max_wait_time=RECEIVE_WAIT_S,
            auto_lock_renewer=self.renewer,
        )

    def session_link(self, session_id: Optional[str]) -> ServiceBusReceiver:
        name, subscription = split_path(self.receives_from)
        sid = session_id if session_id is not None else NEXT_AVAILABLE_SESSION
        receive_mode = (
            ServiceBusReceiveMode.RECEIVE_AND_DELETE
            if self.mode == "receive_and_delete"
            else ServiceBusReceiveMode.PEEK_LOCK
        )
        if subscription is None:
            return self.sb.get_queue_receiver(
                name, session_id=sid, receive_mode=receive_mode, max_wait_time=RECEIVE_WAIT_S
            )
        return self.sb.get_subscription_receiver(
            name, subscription, session_id=sid, receive_mode=receive_mode, max_wait_time=RECEIVE_WAIT_S
        )

    async def disconnect(self) -> None:
        for s in self.senders.values():
            await s.close()
        self.senders.clear()
        await super().disconnect()

    async def shutdown(self) -> None:
        for s in self.senders.values():
            await s.close()
        await super().shutdown()


def eclient(name: str) -> EntityClient:
    c = client(name)
    if not isinstance(c, EntityClient):
        raise TypeError(f"{name} is not a client of this scenario")
    return c


async def peek_entity(sb: ServiceBusClient, path: str, sub: Optional[ServiceBusSubQueue]) -> list[ServiceBusReceivedMessage]:
    """Every message in a queue or subscription (or its dead-letter queue), peeked."""
    name, subscription = split_path(path)
    return await peek_through(
        sb.get_queue_receiver(name, sub_queue=sub)
        if subscription is None
        else sb.get_subscription_receiver(name, subscription, sub_queue=sub)
    )


async def entity_contents() -> str:
    """What is left in every queue and subscription and in their dead-letter queues, worded as
    Settle's prediction."""
    lines = []
    async with ServiceBusClient.from_connection_string(CONNECTION_STRING) as sb:
        for path, sessions in RECEIVE_PATHS:
            if sessions:
                main = "(not peeked: a session queue is peeked per session)"
            else:
                main = ", ".join(sorted(str(m.message_id) for m in await peek_entity(sb, path, None))) or "(empty)"
            dead = await peek_entity(sb, path, ServiceBusSubQueue.DEAD_LETTER)
            dlq = ", ".join(
                sorted(f"{m.message_id} ({m.dead_letter_reason})" if m.dead_letter_reason else str(m.message_id) for m in dead)
            ) or "(empty)"
            lines.append(f"{path}: {main} | dead-letter queue: {dlq}")
    return "; ".join(lines)


async def update_entity(path: str, changes: dict[str, object]) -> None:
    """Changes a queue's, topic's or subscription's settings (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        if subscription is not None:
            s = await admin.get_subscription(name, subscription)
            for key, value in changes.items():
                setattr(s, key, value)
            await admin.update_subscription(name, s)
        elif path in TOPICS:
            t = await admin.get_topic(name)
            for key, value in changes.items():
                setattr(t, key, value)
            await admin.update_topic(t)
        else:
            q = await admin.get_queue(name)
            for key, value in changes.items():
                setattr(q, key, value)
            await admin.update_queue(q)


async def add_rule(
    path: str, rule: str, filter: CorrelationRuleFilter | SqlRuleFilter, action: Optional[SqlRuleAction]
) -> None:
    """Adds a rule to a subscription (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    assert subscription is not None
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        await admin.create_rule(name, subscription, rule, filter=filter, action=action)


async def remove_rule(path: str, rule: str) -> None:
    """Removes a subscription's rule (needs Manage rights)."""
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    name, subscription = split_path(path)
    assert subscription is not None
    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        await admin.delete_rule(name, subscription, rule)
"#;
