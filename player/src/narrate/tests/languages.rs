//! The narration in Czech, Russian and Chinese: whole sentences, with each language's plural
//! forms, decimal separator and word order.

use super::*;
use settle_core::actors::Note;
use settle_i18n::Lang;

/// Runs `f` with `lang` installed, and English again afterwards, even when `f` panics:
/// installation is per thread.
fn in_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    let _speaking = settle_i18n::speak(lang);
    f()
}

fn locked(delivery_count: u32, until: u64) -> EventKind {
    EventKind::Locked {
        seq: 1,
        id: id("m1"),
        by: R1,
        until: t(until),
        delivery_count,
        prefetched: false,
    }
}

fn abandoned(delivery_count: u32, sub_queue: SubQueue) -> EventKind {
    EventKind::Abandoned {
        seq: 1,
        id: id("m1"),
        by: R1,
        delivery_count,
        sub_queue,
    }
}

fn lock_expired(delivery_count: u32) -> EventKind {
    EventKind::LockExpired {
        seq: 1,
        id: id("m1"),
        by: R1,
        delivery_count,
        sub_queue: SubQueue::Main,
    }
}

fn max_delivery_count_exceeded(max: u32) -> EventKind {
    EventKind::DeadLettered {
        seq: 1,
        id: id("m1"),
        by: None,
        cause: DeadLetterCause::MaxDeliveryCountExceeded { max },
        delivery_count: max,
    }
}

/// R1 disconnects holding session A with `n` unsettled messages a1, a2, …
fn session_lost_holding(n: u64) -> EventKind {
    EventKind::LinkClosed {
        by: R1,
        cause: LockLossCause::Disconnected,
        sub_queue: SubQueue::Main,
        session: Some((id("A"), t(60_000))),
        still_locked: (1..=n)
            .map(|i| StillLocked {
                seq: i,
                id: id(&format!("a{i}")),
                until: t(60_000),
            })
            .collect(),
    }
}

/// a1, a2, …, an, as a sentence lists them (`sep`: `, `; Chinese `、`)
fn ids_by(n: u64, sep: &str) -> String {
    (1..=n)
        .map(|i| format!("a{i}"))
        .collect::<Vec<_>>()
        .join(sep)
}

/// a1, a2, …, an
fn ids(n: u64) -> String {
    ids_by(n, ", ")
}

#[test]
fn a_poison_message_in_czech() {
    let out = in_lang(Lang::Cs, || {
        lines(vec![
            locked(3, 61_500),
            abandoned(3, SubQueue::Main),
            max_delivery_count_exceeded(3),
        ])
    });
    assert_eq!(
        out,
        [
            "Klient R1 přijal zprávu m1 (3. doručení); zpráva je pro klienta R1 uzamčena do 61,500 s.",
            "Klient R1 zavolal Abandon pro zprávu m1: počet doručení 3 z 3.",
            "Zpráva m1 → fronta nedoručených zpráv: její 3. doručení skončilo operací Abandon a MaxDeliveryCount je 3 (vlastnost aplikace DeadLetterReason: MaxDeliveryCountExceeded).",
        ]
    );
    let out = in_lang(Lang::Cs, || {
        lines(vec![lock_expired(21), max_delivery_count_exceeded(21)])
    });
    assert_eq!(
        out,
        [
            "Platnost zámku zprávy m1 vypršela dřív, než ji klient R1 vyrovnal; to se počítá jako neúspěšné doručení (21 z 3).",
            "Zpráva m1 → fronta nedoručených zpráv: její 21. doručení skončilo vypršením platnosti zámku a MaxDeliveryCount je 21 (vlastnost aplikace DeadLetterReason: MaxDeliveryCountExceeded).",
        ]
    );
}

#[test]
fn a_poison_message_in_russian() {
    let out = in_lang(Lang::Ru, || {
        lines(vec![
            locked(3, 61_500),
            abandoned(3, SubQueue::Main),
            max_delivery_count_exceeded(3),
        ])
    });
    assert_eq!(
        out,
        [
            "Клиент R1 получил сообщение m1 (3-я доставка); оно заблокировано для клиента R1 до 61,500 с.",
            "Клиент R1 вызвал Abandon для сообщения m1: число доставок — 3 из 3.",
            "Сообщение m1 → очередь недоставленных сообщений: его 3-я доставка завершилась операцией Abandon, а MaxDeliveryCount равно 3 (свойство приложения DeadLetterReason: MaxDeliveryCountExceeded).",
        ]
    );
    let out = in_lang(Lang::Ru, || {
        lines(vec![lock_expired(21), max_delivery_count_exceeded(21)])
    });
    assert_eq!(
        out,
        [
            "Срок блокировки сообщения m1 истек до того, как клиент R1 его согласовал; это считается неудачной доставкой (21 из 3).",
            "Сообщение m1 → очередь недоставленных сообщений: его 21-я доставка завершилась истечением срока блокировки, а MaxDeliveryCount равно 21 (свойство приложения DeadLetterReason: MaxDeliveryCountExceeded).",
        ]
    );
}

#[test]
fn where_a_released_message_is_now_in_czech_and_russian() {
    let cs = in_lang(Lang::Cs, || {
        [
            line(lock_expired(1)),
            line(abandoned(0, SubQueue::DeadLetter)),
        ]
    });
    assert_eq!(
        cs,
        [
            "Platnost zámku zprávy m1 vypršela dřív, než ji klient R1 vyrovnal; to se počítá jako neúspěšné doručení (1 z 3). Zpráva je znovu k dispozici.",
            "Klient R1 zavolal Abandon pro zprávu m1: zpráva zůstává ve frontě nedoručených zpráv s počtem doručení 0, protože tam se nic nepočítá.",
        ]
    );
    let ru = in_lang(Lang::Ru, || {
        [
            line(lock_expired(1)),
            line(abandoned(0, SubQueue::DeadLetter)),
        ]
    });
    assert_eq!(
        ru,
        [
            "Срок блокировки сообщения m1 истек до того, как клиент R1 его согласовал; это считается неудачной доставкой (1 из 3). Сообщение снова доступно.",
            "Клиент R1 вызвал Abandon для сообщения m1: оно остается в очереди недоставленных сообщений с числом доставок 0, так как там ничего не учитывается.",
        ]
    );
}

#[test]
fn the_broker_and_a_client_dead_letter_in_czech_and_russian() {
    let explicit = |by, reason: Option<&str>, description: Option<&str>| {
        line(EventKind::DeadLettered {
            seq: 1,
            id: id("m1"),
            by,
            cause: DeadLetterCause::Explicit {
                reason: reason.map(id),
                description: description.map(id),
            },
            delivery_count: 0,
        })
    };
    let both = || explicit(None, Some("SessionIdIsNull"), Some("no session"));
    let bare = || explicit(Some(R1), None, None);
    assert_eq!(
        in_lang(Lang::Cs, || [both(), bare()]),
        [
            "Zprostředkovatel přesunul zprávu m1 do fronty nedoručených zpráv; její vlastnosti aplikace DeadLetterReason a DeadLetterErrorDescription obsahují „SessionIdIsNull“ a „no session“.",
            "Klient R1 přesunul zprávu m1 do fronty nedoručených zpráv bez udání důvodu.",
        ]
    );
    assert_eq!(
        in_lang(Lang::Ru, || [both(), bare()]),
        [
            "Брокер переместил сообщение m1 в очередь недоставленных сообщений; в его свойствах приложения DeadLetterReason и DeadLetterErrorDescription указано «SessionIdIsNull» и «no session».",
            "Клиент R1 переместил сообщение m1 в очередь недоставленных сообщений без указания причины.",
        ]
    );
}

#[test]
fn plural_forms_of_a_session_unsettled_messages() {
    let counts = [0, 1, 2, 5, 21];
    let said = |lang| in_lang(lang, || counts.map(|n| line(session_lost_holding(n))));
    let cs = "Klient R1 ztratil připojení, zatímco držel relaci A: relace zůstává uzamčena do 60,000 s a do té doby ji nikdo jiný nemůže přijmout.";
    assert_eq!(
        said(Lang::Cs),
        [
            cs.to_owned(),
            format!(
                "{cs} Jeho nevyrovnaná zpráva a1 se pak vrátí a započítá se jí neúspěšné doručení."
            ),
            format!(
                "{cs} Jeho 2 nevyrovnané zprávy (a1, a2) se pak vrátí a každé se započítá neúspěšné doručení."
            ),
            format!(
                "{cs} Jeho 5 nevyrovnaných zpráv ({}) se pak vrátí a každé se započítá neúspěšné doručení.",
                ids(5)
            ),
            format!(
                "{cs} Jeho 21 nevyrovnaných zpráv ({}) se pak vrátí a každé se započítá neúspěšné doručení.",
                ids(21)
            ),
        ]
    );
    let ru = "Клиент R1 потерял подключение, удерживая сеанс A: сеанс остается заблокированным до 60,000 с, и до этого момента никто другой не может его принять.";
    assert_eq!(
        said(Lang::Ru),
        [
            ru.to_owned(),
            format!(
                "{ru} Его несогласованное сообщение a1 затем вернется, и ему будет засчитана неудачная доставка."
            ),
            format!(
                "{ru} Его 2 несогласованных сообщения (a1, a2) затем вернутся, и каждому будет засчитана неудачная доставка."
            ),
            format!(
                "{ru} Его 5 несогласованных сообщений ({}) затем вернутся, и каждому будет засчитана неудачная доставка.",
                ids(5)
            ),
            format!(
                "{ru} Его 21 несогласованное сообщение ({}) затем вернется, и каждому будет засчитана неудачная доставка.",
                ids(21)
            ),
        ]
    );
    let zh = "R1 在持有会话 A 时断开了连接：该会话保持锁定，直到 60.000 秒，在此之前其他人都无法接受它。";
    assert_eq!(
        said(Lang::ZhHans),
        [
            zh.to_owned(),
            format!("{zh}届时其未处置的消息 a1 会返回，并计一次失败的传递。"),
            format!("{zh}届时其 2 条未处置的消息（a1、a2）会返回，每条各计一次失败的传递。"),
            format!(
                "{zh}届时其 5 条未处置的消息（{}）会返回，每条各计一次失败的传递。",
                ids_by(5, "、")
            ),
            format!(
                "{zh}届时其 21 条未处置的消息（{}）会返回，每条各计一次失败的传递。",
                ids_by(21, "、")
            ),
        ]
    );
}

#[test]
fn an_actor_and_a_closed_link_in_czech_and_russian() {
    let crash = || {
        narrate_act(&ActorAct {
            at: t(0),
            by: id("Worker"),
            op: Op::Disconnect,
            result: None,
            note: None,
        })
        .unwrap()
    };
    let closed = || {
        line(EventKind::LinkClosed {
            by: R1,
            cause: LockLossCause::Closed,
            sub_queue: SubQueue::DeadLetter,
            session: None,
            still_locked: vec![StillLocked {
                seq: 4,
                id: id("d1"),
                until: t(30_250),
            }],
        })
    };
    assert_eq!(
        in_lang(Lang::Cs, || [crash(), closed()]),
        [
            "Klient Worker se chybově ukončil: jeho připojení bylo přerušeno a už nemůže vyrovnat žádnou zprávu, kterou držel.",
            "Klient R1 ukončil příjem z fronty nedoručených zpráv; zpráva d1 zůstává uzamčena do 30,250 s: do té doby ji nikdo nemůže převzít a klient R1 ji už nemůže vyrovnat.",
        ]
    );
    assert_eq!(
        in_lang(Lang::Ru, || [crash(), closed()]),
        [
            "Клиент Worker аварийно завершил работу: его подключение разорвано, и он больше не может согласовать ни одно из удерживаемых сообщений.",
            "Клиент R1 прекратил получение из очереди недоставленных сообщений; сообщение d1 остается заблокированным до 30,250 с: до этого момента никто не может его получить, а клиент R1 больше не может его согласовать.",
        ]
    );
}

#[test]
fn english_is_back_after_another_language() {
    let cs = in_lang(Lang::Cs, || line(abandoned(1, SubQueue::Main)));
    assert!(cs.starts_with("Klient R1 zavolal Abandon"), "{cs}");
    assert_eq!(
        line(abandoned(1, SubQueue::Main)),
        "R1 abandoned m1: delivery count 1 of 3. It is available again."
    );
    let panicked = std::panic::catch_unwind(|| in_lang(Lang::Ru, || panic!("inside")));
    assert!(panicked.is_err());
    assert_eq!(settle_i18n::lang(), Lang::En);
}

/// Every actor's note has words in each language, its own: in English the trace's.
#[test]
fn every_actor_note_is_told_in_each_language() {
    for note in Note::ALL {
        assert_eq!(note_words(note), note.english());
        for lang in [Lang::ZhHans, Lang::Cs, Lang::Ru] {
            let id = format!("note-{}", note.name());
            let words = in_lang(lang, || {
                assert!(settle_i18n::current().has(&id), "{lang}: {id}");
                note_words(note)
            });
            assert_ne!(words, note.english(), "{lang}: {id}");
        }
    }
}

/// Beside the broker's error, as it is, Settle's explanation is in the language, with the
/// language's numbers; in English it is the error's display, as the trace writes it.
#[test]
fn a_lost_lock_is_explained_in_each_language() {
    use settle_core::{Duration, Error, ErrorKind, Instant, Why, text};
    let error = |why: Why| Error {
        kind: ErrorKind::MessageLockLost,
        message: text::LOCK_LOST.into(),
        why: Some(why),
    };
    let whys = [
        Why::LinkEnded {
            id: id("order-1"),
            holder: id("R1"),
            dropped: true,
            at: Instant::from_millis(5_000),
            until: Instant::from_millis(31_000),
        },
        Why::LinkEnded {
            id: id("order-1"),
            holder: id("R1"),
            dropped: false,
            at: Instant::from_millis(5_000),
            until: Instant::from_millis(31_000),
        },
        Why::Expired {
            id: id("m1"),
            ago: Duration::from_millis(4_200),
        },
        Why::Expired {
            id: id("m1"),
            ago: Duration::from_millis(120_000),
        },
        Why::Removed { id: id("m1") },
        Why::Released { id: id("m1") },
        Why::SessionNotHeld {
            session: id("a"),
            by: id("R1"),
        },
    ];
    for why in &whys {
        let e = error(why.clone());
        assert_eq!(error_words(&e), e.to_string());
        for lang in [Lang::ZhHans, Lang::Cs, Lang::Ru] {
            let said = in_lang(lang, || error_words(&e));
            assert!(
                said.starts_with(&format!("MessageLockLost: {}", text::LOCK_LOST)),
                "{said}"
            );
            assert_ne!(said, e.to_string(), "{lang}");
        }
    }
    let expired = error(whys[2].clone());
    let dropped = error(whys[0].clone());
    assert!(
        expired
            .to_string()
            .ends_with(" (m1: the lock expired 4.2 s ago.)"),
        "{expired}"
    );
    let cs = in_lang(Lang::Cs, || error_words(&expired));
    assert!(
        cs.ends_with(" (m1: platnost zámku vypršela před 4,2 s.)"),
        "{cs}"
    );
    let ru = in_lang(Lang::Ru, || error_words(&dropped));
    assert!(
        ru.ends_with(" (order-1: клиент R1 потерял подключение в 5,000 с; блокировка действует до 31,000 с, и только тогда брокер освободит сообщение.)"),
        "{ru}"
    );
    let zh = in_lang(Lang::ZhHans, || error_words(&error(whys[3].clone())));
    assert!(zh.ends_with("（m1：锁定已在 2 分钟前过期。）"), "{zh}");
}
