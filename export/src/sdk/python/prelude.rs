//! The program's fixed Python: imports, the connection, the clock, how results are described and
//! checked, the clients that send, receive and settle, and the end check; with the environment
//! of the one queue or of a document's entities.

/// The one queue's environment in [`PRELUDE`]; a document with `entities` has [`ENTITY_ENV`].
pub(super) const QUEUE_ENV: &str = r#"QUEUE = os.environ.get("SERVICEBUS_QUEUE", "")
if not CONNECTION_STRING or not QUEUE:
    sys.exit("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE")
"#;

pub(super) const ENTITY_ENV: &str = r#"# Put before every queue and topic name of the scenario (entities of the run's own).
PREFIX = os.environ.get("SETTLE_ENTITY_PREFIX", "")
QUEUE = ""  # no single queue: the scenario declares its entities
if not CONNECTION_STRING:
    sys.exit("set SERVICEBUS_CONNECTION_STRING")
"#;

pub(super) const PRELUDE: &str = r#"
from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from typing import Optional

from azure.core.exceptions import HttpResponseError
from azure.servicebus import (
    NEXT_AVAILABLE_SESSION,
    ServiceBusMessage,
    ServiceBusReceivedMessage,
    ServiceBusReceiveMode,
    ServiceBusSubQueue,
)
from azure.servicebus.aio import AutoLockRenewer, ServiceBusClient, ServiceBusReceiver, ServiceBusSender
from azure.servicebus.exceptions import (
    MessageAlreadySettled,
    MessageLockLostError,
    MessageNotFoundError,
    MessageSizeExceededError,
    OperationTimeoutError,
    ServiceBusQuotaExceededError,
    ServiceBusServerBusyError,
    SessionCannotBeLockedError,
    SessionLockLostError,
)

CONNECTION_STRING = os.environ.get("SERVICEBUS_CONNECTION_STRING", "")
QUEUE = os.environ.get("SERVICEBUS_QUEUE", "")
if not CONNECTION_STRING or not QUEUE:
    sys.exit("set SERVICEBUS_CONNECTION_STRING and SERVICEBUS_QUEUE")
# A real receive waits up to this long for a message; Settle's receives never wait (they return
# what is there at that instant), so a receive that finds nothing costs this much time here.
RECEIVE_WAIT_S = 1.0

# The SDK's exceptions under Settle's names for them.
KINDS: list[tuple[type[BaseException], str]] = [
    (MessageLockLostError, "MessageLockLost"),
    (SessionLockLostError, "SessionLockLost"),
    (SessionCannotBeLockedError, "SessionCannotBeLocked"),
    (MessageNotFoundError, "MessageNotFound"),
    (MessageSizeExceededError, "MessageSizeExceeded"),
    (ServiceBusQuotaExceededError, "QuotaExceeded"),
    (OperationTimeoutError, "ServiceTimeout"),
    (ServiceBusServerBusyError, "ServiceBusy"),
    # Refused by the SDK itself before anything reaches the broker.
    (MessageAlreadySettled, "InvalidOperation"),
]


def kind_of(e: BaseException) -> str:
    for cls, kind in KINDS:
        if isinstance(e, cls):
            return kind
    if isinstance(e, (KeyError, ValueError, TypeError)):
        # A client-side refusal (KeyError: this client never received that message).
        return "InvalidOperation"
    if isinstance(e, HttpResponseError) and e.status_code == 400:
        # The administration API refusing an update (what an existing queue cannot change).
        return "InvalidOperation"
    return f"{type(e).__name__}: {e}"


def failed(e: BaseException) -> str:
    return f"error {kind_of(e)}"


class Clock:
    start = time.monotonic()
    start_utc = datetime.now(timezone.utc)

    @classmethod
    def reset(cls) -> None:
        cls.start = time.monotonic()
        cls.start_utc = datetime.now(timezone.utc)



def now_ms() -> float:
    return (time.monotonic() - Clock.start) * 1000


async def at(ms: int) -> None:
    """Waits until `ms` milliseconds after the start (Settle's virtual time, here real)."""
    delay = (ms - now_ms()) / 1000
    if delay > 0:
        await asyncio.sleep(delay)


TALLY = {"same": 0, "differs": 0}


def report(step: int, what: str, expected: str, got: str) -> None:
    check(f"step {step}: {what}", expected, got)


def check(what: str, expected: str, got: str) -> None:
    same = expected == got
    TALLY["same" if same else "differs"] += 1
    print(f"[{now_ms() / 1000:8.2f} s] {what}")
    print(f"    Settle predicts: {expected}")
    print(f"    Azure answered:  {got}    ({'as predicted' if same else 'DIFFERS'})")


def describe(msgs: list[ServiceBusReceivedMessage]) -> str:
    if not msgs:
        return "0 messages"
    items = ", ".join(f"{m.message_id} (DeliveryCount {m.delivery_count})" for m in msgs)
    return f"{len(msgs)} message{'s' if len(msgs) != 1 else ''}: {items}"


SEQ_OF: dict[str, int] = {}
SCHEDULED: dict[int, int] = {}


def seq_of(msg_id: str) -> int:
    """The real sequence number of a message this program has seen (KeyError: it has not)."""
    return SEQ_OF[msg_id]


async def peek_through(r: ServiceBusReceiver) -> list[ServiceBusReceivedMessage]:
    """Every message the receiver's entity holds, peeked (locked ones too); closes it."""
    found: list[ServiceBusReceivedMessage] = []
    async with r:
        while batch := await r.peek_messages(max_message_count=250):
            found.extend(batch)
    return found


async def peek_all(sb: ServiceBusClient, sub: Optional[ServiceBusSubQueue]) -> list[ServiceBusReceivedMessage]:
    """Every message in the queue or a sub-queue, peeked (locked ones too)."""
    return await peek_through(sb.get_queue_receiver(QUEUE, sub_queue=sub))


async def contents(session_queue: bool) -> str:
    """What is left in the queue and in its dead-letter queue, worded as Settle's prediction."""
    async with ServiceBusClient.from_connection_string(CONNECTION_STRING) as sb:
        if session_queue:
            main = "(not peeked: a session queue is peeked per session)"
        else:
            main = ", ".join(sorted(str(m.message_id) for m in await peek_all(sb, None))) or "(empty)"
        dead = await peek_all(sb, ServiceBusSubQueue.DEAD_LETTER)
        dlq = ", ".join(
            sorted(f"{m.message_id} ({m.dead_letter_reason})" if m.dead_letter_reason else str(m.message_id) for m in dead)
        ) or "(empty)"
    return f"queue: {main} | dead-letter queue: {dlq}"


class Client:
    """One client of the scenario: its own connection (as in Settle), its sender, its receivers,
    and the messages it received, to settle each through the receiver that received it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sb = ServiceBusClient.from_connection_string(CONNECTION_STRING)
        self.sender: Optional[ServiceBusSender] = None
        self.receivers: dict[tuple[str, str], ServiceBusReceiver] = {}
        self.session: Optional[ServiceBusReceiver] = None
        self.mode = "peek_lock"
        self.prefetch = 0
        self.renewer: Optional[AutoLockRenewer] = None
        self.held: dict[str, tuple[ServiceBusReceiver, ServiceBusReceivedMessage]] = {}

    def get_sender(self) -> ServiceBusSender:
        if self.sender is None:
            self.sender = self.sb.get_queue_sender(QUEUE)
        return self.sender

    def receiver(self, mode: Optional[str] = None, sub: str = "main") -> ServiceBusReceiver:
        """The receiver for this mode and sub-queue (the accepted session's, on the queue itself)."""
        if sub == "main" and self.session is not None:
            return self.session
        key = (mode or self.mode, sub)
        if key not in self.receivers:
            self.receivers[key] = self.link(key[0], sub)
        return self.receivers[key]

    def link(self, mode: str, sub: str) -> ServiceBusReceiver:
        """A new receiver of the queue for this mode and sub-queue."""
        return self.sb.get_queue_receiver(
            QUEUE,
            receive_mode=(
                ServiceBusReceiveMode.RECEIVE_AND_DELETE
                if mode == "receive_and_delete"
                else ServiceBusReceiveMode.PEEK_LOCK
            ),
            sub_queue=ServiceBusSubQueue.DEAD_LETTER if sub == "dead_letter" else None,
            prefetch_count=self.prefetch,
            max_wait_time=RECEIVE_WAIT_S,
            auto_lock_renewer=self.renewer,
        )

    async def open(self, mode: str, sub: str, prefetch: int) -> None:
        """Opens the link now (with a prefetch, the broker starts filling the buffer, and the
        locks of what it holds run from then, as in Settle)."""
        await self.close()
        self.mode = mode
        self.prefetch = prefetch
        await self.receiver(mode, sub).__aenter__()

    def remember(self, r: ServiceBusReceiver, msgs: list[ServiceBusReceivedMessage]) -> None:
        for m in msgs:
            if m.message_id is not None:
                self.held[m.message_id] = (r, m)
                if m.sequence_number is not None:
                    SEQ_OF[m.message_id] = m.sequence_number

    def message(self, msg_id: str) -> tuple[ServiceBusReceiver, ServiceBusReceivedMessage]:
        """The latest delivery of `msg_id` to this client (KeyError: it never received it)."""
        return self.held[msg_id]

    def session_link(self, session_id: Optional[str]) -> ServiceBusReceiver:
        """A receiver of this session (None: the next available one), not open yet: opening it
        is what accepts (locks) the session."""
        return self.sb.get_queue_receiver(
            QUEUE,
            session_id=session_id if session_id is not None else NEXT_AVAILABLE_SESSION,
            receive_mode=(
                ServiceBusReceiveMode.RECEIVE_AND_DELETE
                if self.mode == "receive_and_delete"
                else ServiceBusReceiveMode.PEEK_LOCK
            ),
            max_wait_time=RECEIVE_WAIT_S,
        )

    async def accept(self, session_id: Optional[str]) -> ServiceBusReceiver:
        r = self.session_link(session_id)
        await r.__aenter__()  # opening the link is what accepts (locks) the session
        self.session = r
        return r

    def session_receiver(self) -> ServiceBusReceiver:
        if self.session is None:
            raise ValueError(f"{self.name} has no accepted session")
        return self.session

    async def close(self) -> None:
        for r in list(self.receivers.values()):
            await r.close()
        self.receivers.clear()
        if self.session is not None:
            await self.session.close()
            self.session = None

    async def disconnect(self) -> None:
        await self.close()
        if self.sender is not None:
            await self.sender.close()
            self.sender = None
        await self.sb.close()
        self.sb = ServiceBusClient.from_connection_string(CONNECTION_STRING)

    async def shutdown(self) -> None:
        await self.close()
        if self.sender is not None:
            await self.sender.close()
        if self.renewer is not None:
            await self.renewer.close()
        await self.sb.close()


CLIENTS: dict[str, Client] = {}


def client(name: str) -> Client:
    if name not in CLIENTS:
        CLIENTS[name] = Client(name)
    return CLIENTS[name]


async def update_queue(changes: dict[str, object]) -> None:
    """Changes the queue's settings (needs Manage rights). As on Service Bus, locks held now are lost."""
    # The asynchronous administration client needs aiohttp (pip install aiohttp).
    from azure.servicebus.aio.management import ServiceBusAdministrationClient

    async with ServiceBusAdministrationClient.from_connection_string(CONNECTION_STRING) as admin:
        q = await admin.get_queue(QUEUE)
        for key, value in changes.items():
            setattr(q, key, value)
        await admin.update_queue(q)
"#;
