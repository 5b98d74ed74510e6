# Vysvětlení „proč“: jedna věta ke každé akci zprostředkovatele.
#
# Klient je vždy „klient { $by }“, aby sloveso nezáviselo na rodu jména; zpráva je „zpráva { $id }“.
# Termíny podle docs/glossary.md.

# Odeslání, plánování a publikování.

why-sent = Klient { $by } odeslal zprávu { $id }: byla přijata a uložena s pořadovým číslem { $seq }.
why-scheduled = Klient { $by } naplánoval zprávu { $id } na { $at } s (jako plánovaná má pořadové číslo { $seq }; až se stane aktivní, dostane nové).
why-duplicate-dropped = Klient { $by } odeslal zprávu { $id } znovu v rámci okna detekce duplicitních zpráv: zprostředkovatel ohlásil úspěch a zprávu zahodil.
why-rejected = Předem vyrovnané odeslání zprávy { $id } klientem { $by } bylo odmítnuto ({ $error }) a nikdo se to nedozví: odesílatel na odpověď nikdy nečeká.
why-activated = Zpráva { $id } dosáhla naplánovaného času a stala se aktivní s novým pořadovým číslem { $seq } (předtím { $scheduled }).
why-published-nowhere = Zpráva { $id } dorazila do tématu, ale žádný odběr ji nepřijímá: byla zahozena.
why-published = Zpráva { $id } dorazila do tématu: po jedné kopii dostane každý odběr ({ $subscriptions }).
why-cancelled = Klient { $by } zrušil plánovanou zprávu { $id } (pořadové číslo { $seq }): zpráva je odstraněna.

# Příjem a zámky.

why-received = Klient { $by } přijal zprávu { $id } ({ $count }. doručení); zpráva je pro klienta { $by } uzamčena do { $until } s.
why-prefetched = Zpráva { $id } byla předběžně načtena do vyrovnávací paměti klienta { $by } ({ $count }. doručení); doba jejího zámku už běží, až do { $until } s.
why-received-and-deleted = Klient { $by } přijal zprávu { $id } v režimu Příjem a odstranění: zpráva už ve frontě není, ať se teď s klientem { $by } stane cokoli.
why-lock-renewed = Klient { $by } obnovil zámek zprávy { $id }: zpráva je uzamčena do { $until } s.

# Uvolnění. $then: zpráva je znovu k dispozici; je pryč (tentýž okamžik ji přesune do fronty
# nedoručených zpráv nebo zahodí); nebo zůstává ve frontě nedoručených zpráv, kde se nic nepočítá.

why-lock-expired = Platnost zámku zprávy { $id } vypršela dřív, než ji klient { $by } vyrovnal; { $then ->
    [available] to se počítá jako neúspěšné doručení ({ $count } z { $max }). Zpráva je znovu k dispozici.
    [gone] to se počítá jako neúspěšné doručení ({ $count } z { $max }).
   *[dead-letter] zpráva zůstává ve frontě nedoručených zpráv s počtem doručení { $count }, protože tam se nic nepočítá.
}
why-lock-lost = { $cause ->
    [closed] Klient { $by } ukončil příjem, a tím přišel o zámek zprávy { $id }
    [disconnected] Klient { $by } ztratil připojení, a tím přišel o zámek zprávy { $id }
   *[entity_updated] Klient { $by } držel zprávu { $id }, když se změnilo nastavení fronty, a tím přišel o její zámek
}; { $then ->
    [available] počet doručení { $count } z { $max }. Zpráva je znovu k dispozici.
    [gone] počet doručení { $count } z { $max }.
   *[dead-letter] zpráva zůstává ve frontě nedoručených zpráv s počtem doručení { $count }, protože tam se nic nepočítá.
}
why-abandoned = Klient { $by } zavolal Abandon pro zprávu { $id }: { $then ->
    [available] počet doručení { $count } z { $max }. Zpráva je znovu k dispozici.
    [gone] počet doručení { $count } z { $max }.
   *[dead-letter] zpráva zůstává ve frontě nedoručených zpráv s počtem doručení { $count }, protože tam se nic nepočítá.
}

# Vyrovnání.

why-completed = Klient { $by } zavolal Complete pro zprávu { $id }: zpráva je trvale odebrána z fronty.
why-deferred = Klient { $by } zavolal Defer pro zprávu { $id }: zpráva je odložena, dokud ji někdo nepřijme podle pořadového čísla { $seq } (počet doručení { $count } z { $max }).

# Přesun do fronty nedoručených zpráv a vypršení platnosti. DeadLetterReason,
# DeadLetterErrorDescription a kódy důvodů jsou názvy zprostředkovatele a zůstávají, jak jsou.

why-dead-lettered-max = Zpráva { $id } → fronta nedoručených zpráv: její { $max }. doručení { $how ->
    [abandoned] skončilo operací Abandon
    [lock-expired] skončilo vypršením platnosti zámku
    [deferred] skončilo operací Defer
    [lock-lost] skončilo ztrátou zámku
   *[other] selhalo
} a MaxDeliveryCount je { $max } (vlastnost aplikace DeadLetterReason: MaxDeliveryCountExceeded).
why-dead-lettered-ttl = Zpráva { $id } → fronta nedoručených zpráv: vypršela její platnost (hodnota TTL) a přesun do fronty nedoručených zpráv při vypršení platnosti je zapnutý (vlastnost aplikace DeadLetterReason: TTLExpiredException).
why-dead-lettered = { $who ->
    [broker] Zprostředkovatel
   *[client] Klient { $by }
} přesunul zprávu { $id } do fronty nedoručených zpráv{ $props ->
    [reason] ; její vlastnost aplikace DeadLetterReason obsahuje „{ $reason }“.
    [description] ; její vlastnost aplikace DeadLetterErrorDescription obsahuje „{ $description }“.
    [both] ; její vlastnosti aplikace DeadLetterReason a DeadLetterErrorDescription obsahují „{ $reason }“ a „{ $description }“.
   *[none] { " " }bez udání důvodu.
}
why-expired = Platnost zprávy { $id } vypršela (hodnota TTL), a protože přesun do fronty nedoručených zpráv při vypršení platnosti je vypnutý, byla zahozena.

# Relace. $session je SessionId, jak je.

why-session-locked = Klient { $by } přijal relaci { $session }: každá její zpráva je pro klienta { $by } uzamčena do { $until } s.
why-session-lock-renewed = Klient { $by } obnovil zámek relace { $session }: do { $until } s.
why-session-lock-expired = Platnost zámku relace { $session }, který držel klient { $by }, vypršela; jejím nevyrovnaným zprávám se započítá neúspěšné doručení.
why-session-closed = Klient { $by } zavřel relaci { $session }; její nevyrovnané zprávy se vracejí, aniž by se jim započítalo doručení.
why-session-lost = Klient { $by } přišel o relaci { $session } ({ $cause ->
    [disconnected] ztráta připojení
   *[entity_updated] změna nastavení entity
}).

# Propojení, které skončí, zatímco pro něj zprostředkovatel drží zámky: zatím se nic neuvolňuje.

why-link-closed-one = Klient { $by } { $what ->
    [disconnected] ztratil připojení
    [closed-dead-letter] ukončil příjem z fronty nedoručených zpráv
   *[closed] ukončil příjem
}; zpráva { $id } zůstává uzamčena do { $until } s: do té doby ji nikdo nemůže převzít a klient { $by } ji už nemůže vyrovnat.
why-link-closed-many = Klient { $by } { $what ->
    [disconnected] ztratil připojení
    [closed-dead-letter] ukončil příjem z fronty nedoručených zpráv
   *[closed] ukončil příjem
}; zprávy { $ids } zůstávají uzamčené: do té doby je nikdo nemůže převzít a klient { $by } je už nemůže vyrovnat.
why-link-closed-item = { $id } (do { $until } s)
why-link-closed-session = Klient { $by } { $what ->
    [disconnected] ztratil připojení
    [closed-dead-letter] ukončil příjem z fronty nedoručených zpráv
   *[closed] ukončil příjem
}, zatímco držel relaci { $session }: relace zůstává uzamčena do { $until } s a do té doby ji nikdo jiný nemůže přijmout.{ $count ->
    [0] {""}
    [one] { " " }Jeho nevyrovnaná zpráva { $ids } se pak vrátí a započítá se jí neúspěšné doručení.
    [few] { " " }Jeho { $count } nevyrovnané zprávy ({ $ids }) se pak vrátí a každé se započítá neúspěšné doručení.
   *[other] { " " }Jeho { $count } nevyrovnaných zpráv ({ $ids }) se pak vrátí a každé se započítá neúspěšné doručení.
}

# Co udělal automatický aktér, pokud to neříkají už události zprostředkovatele. $note je
# poznámka aktéra (jedna ze zpráv note- níže); $error je kód a zpráva chyby
# zprostředkovatele, jak jsou.

why-act-sent-unanswered = Klient { $by } odeslal zprávu { $id }, aniž čekal na odpověď ({ $note }).
why-act-sent-unobserved = Klient { $by } odeslal zprávu { $id }, aniž čekal na odpověď (výsledek nikdo nesleduje).
why-act-sent = { $by }: odeslání zprávy { $id } bylo dokončeno: zprostředkovatel ji přijal.
why-act-send-failed = { $by }: odeslání zprávy { $id } selhalo: { $error }
why-act-crashed = Klient { $by } se chybově ukončil: jeho připojení bylo přerušeno a už nemůže vyrovnat žádnou zprávu, kterou držel.
why-act-failed = { $by }: { $error }
why-act-failed-noted = { $by }: { $error } ({ $note })
why-act-noted = { $by }: { $note }.

# Poznámka aktéra, proč to udělal (settle_core::actors::Note), uvnitř vět výše.

note-crashed = proces se chybově ukončil
note-renewing-lock = během zpracování automaticky obnovuje zámek
note-duplicate = zprávu s tímto MessageId už zpracoval: práce se přeskakuje
note-hung = zpracování uvázlo déle, než trvá zámek
note-poison = nezpracovatelná zpráva
note-presettled = předem vyrovnané: odpověď nepřijde
note-fire-and-forget = odeslat a zapomenout: výsledek nikdo nesleduje
note-busy = zprostředkovatel byl zaneprázdněný
note-renewing-session = automaticky obnovuje zámek relace
note-session-lock-lost = zámek relace byl ztracen
note-stopping = končí: zavírá relaci
note-idle = relace je nečinná: zavírá ji

# Vysvětlení Settle vedle chyby MessageLockLost zprostředkovatele. $error je kód chyby a text
# zprostředkovatele, jak jsou; $why je jedna ze zpráv explain-.

error-explained = { $error } ({ $why }.)
explain-link-ended = { $id }: klient { $holder } { $dropped ->
    [yes] ztratil připojení
   *[no] ukončil příjem
} v { $at } s; zámek platí dál až do { $until } s a teprve potom zprostředkovatel zprávu uvolní
explain-expired = { $id }: platnost zámku vypršela před { $ago }
explain-removed = { $id }: zpráva už byla vyrovnána a odebrána
explain-released = { $id }: zámek byl uvolněn (zpráva byla vyrovnána, vrácena voláním Abandon, nebo se zámek ztratil)
explain-session-not-held = klient { $by } už nedrží relaci „{ $session }“
explain-ago = { $unit ->
    [ms] { $n } ms
    [min] { $n } min
   *[s] { $n } s
}

# Mezi položkami výčtu ve větě.

list-separator = { ", " }
