# Proč byl dokument odmítnut (settle_scenario::FormatError): problémy společné všem částem
# formátu. $want a $found jsou typy. Klíče, čísla a $error knihovny serde_json zůstávají, jak jsou.

format-expected = očekává se { $want ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [whole] celé číslo
    [string] řetězec
    [string-or-null] řetězec nebo null
    [array] pole
   *[object] objekt
}, nalezeno: { $found ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [whole] celé číslo
    [string] řetězec
    [string-or-null] řetězec nebo null
    [array] pole
   *[object] objekt
}
format-missing-key = chybí povinný klíč „{ $key }“
format-out-of-range = { $n } je mimo rozsah { $lo }..={ $hi }
format-too-long = delší než { $max } { $max ->
    [one] znak
    [few] znaky
   *[other] znaků
}
format-unknown-key = neznámý klíč „{ $key }“
format-unknown-key-near = neznámý klíč „{ $key }“ (nemá být „{ $near }“?)
format-not-whole = očekává se celé číslo ≥ 0, nalezeno: { $n }
format-too-late = { $n } ms je víc než { $max } ms (10 let), nejdelší doba, kterou scénář smí uvést
format-not-json = není platný JSON: { $error }

# Problémy jedné části formátu. $value, $name, $kind, $op, $key, $topic, $client, $from, $arg,
# $head, $src, $first, $body, $format jsou slova dokumentu; $ops, $known, $list, $variants jsou
# slova formátu a zůstávají, jak jsou. $error je problém, který hlásí jiná část Settle (SQL
# filtru, událost lekce), tak jak je.

format-document-too-big = dokument má { $n } { $n ->
    [one] bajt
    [few] bajty
   *[other] bajtů
}; scénář má nejvýše { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
}
format-not-utf8 = neplatné UTF-8: bajt na pozici { $offset } není součástí znaku UTF-8
format-bom = dokument začíná značkou pořadí bajtů (U+FEFF); uložte ho jako UTF-8 bez ní
format-duplicate-key = klíč „{ $key }“ se opakuje (každý klíč nejvýše jednou)
format-unsupported-version = nepodporovaná verze formátu { $version } (tento spouštěč čte verzi 1)
format-entities-and-queue = nelze použít spolu s $.queue
format-entities-only-run = tento scénář deklaruje entity (fronty, témata, odběry); playground zatím spouští jen jednu frontu: použijte příkazový řádek (settle run, lesson, render, export)
format-too-many-steps = { $n } { $n ->
    [one] krok
    [few] kroky
   *[other] kroků
}; skript má nejvýše { $max }
format-at-decreases = { $n } je dříve než předchozí krok ({ $last }); at_ms nesmí klesat
format-run-until-early = { $n } je před posledním krokem v čase { $last }
format-too-many-actors = { $n } { $n ->
    [one] aktér
    [few] aktéři
   *[other] aktérů
}; scénář má nejvýše { $max }
format-sessions-not-required = příjemce čte entitu, která nevyžaduje relace
format-too-many-sends = odesílatelé dohromady odešlou více než { $max } zpráv, což je nejvíc, oč si scénář může říct
format-two-actors-named = „{ $name }“ pojmenovává dva aktéry
format-payload-too-big = těla zpráv, která tento scénář zapíše, dohromady přesahují { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
} (tělo s {"{"}n{"}"} se zapíše jednou pro každou zprávu)
format-already-receives = klient { $client } už přijímá z „{ $from }“

format-at-least-or-null = musí být alespoň { $lo } (nebo null)
format-out-of-range-or-null = { $n } je mimo rozsah { $lo }..={ $hi } (nebo null)
format-not-tier = „{ $value }“ není úroveň (basic, standard, premium)
format-below-minimum = { $n } je pod minimem { $min }
format-basic-no-duplicate-detection = úroveň basic nemá detekci duplicit
format-basic-no-sessions = úroveň basic nemá relace
format-at-least-one = musí být alespoň 1
format-config = neplatné nastavení: { $error }

format-not-probability = { $n } není pravděpodobnost (0 až 1)
format-not-outcome = „{ $value }“ není výsledek zpracování (complete, abandon, dead_letter, defer)
format-client-name = název klienta má 1 až 64 znaků
format-throttled-needs-max = odesílatel s omezením (throttled) potřebuje „max_in_flight“
format-max-in-flight-not-throttled = „max_in_flight“ má jen odesílatel s omezením („mode“: „throttled“)
format-not-send-mode = „{ $value }“ není režim odesílání (sequential, pipelined, throttled, fire_and_forget, presettled)
format-too-many-session-ids = více než { $max } ID relací
format-session-id = ID relace je řetězec o 1 až 128 znacích
format-body-too-big = tělo má nejvýše { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
}
format-range-order = rozsah se píše [min, max] a platí min ≤ max
format-non-empty-string = očekává se neprázdný řetězec
format-sessions-receiver = příjemce s „sessions“ čte hlavní frontu po jedné zprávě z každé relace (bez souběžnosti, předběžného načítání i fronty nedoručených zpráv)
format-not-actor-kind = „{ $value }“ není druh aktéra (sender, receiver)

format-not-receive-mode = „{ $value }“ není režim (peek_lock, receive_and_delete)
format-msg-and-seq = uveďte buď „msg“, nebo „seq“, ne obojí
format-msg-or-seq = chybí zpráva: „msg“ (ID) nebo „seq“
format-must-not-be-empty = nesmí být prázdné
format-send-body-too-big = tělo má nejvýše { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
} (size_bytes může deklarovat větší zprávu)
format-too-many-seqs = uvádí více než { $max } pořadových čísel
format-no-seqs = musí uvést alespoň jedno pořadové číslo
format-update-queue-with-entities = update_queue platí jen bez $.entities; použijte update_entity
format-unknown-op = neznámá operace „{ $op }“ (jedna z: { $ops })

format-too-many-properties = více než { $max } vlastností
format-property-too-big = vlastnost (klíč a hodnota) má nejvýše { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
}
format-properties-too-big = vlastnosti jedné zprávy mají dohromady nejvýše { $max } { $max ->
    [one] bajt
    [few] bajty
   *[other] bajtů
}
format-property-number-range = číslo je mimo rozsah
format-property-type = vlastnost je řetězec, číslo nebo logická hodnota, nalezeno: { $found ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [string] řetězec
    [array] pole
   *[object] objekt
}

format-unknown-key-here = neznámý klíč
format-entity-name = neplatný název entity
format-reserved-name = „{ $name }“ je vyhrazený název
format-subscription-name = neplatný název odběru
format-no-entities = nedeklaruje žádnou entitu
format-missing = chybí
format-basic-no-topics = úroveň basic nemá témata
format-not-entity-type = „{ $value }“ není typ entity (queue, topic)
format-no-such-entity = taková entita neexistuje
format-no-queue-or-topic = žádná fronta ani téma se nejmenuje „{ $name }“
format-send-to-subscription = „{ $name }“ je odběr; odesílejte do jeho tématu
format-not-sub-queue = „{ $value }“ není podfronta (main, dead_letter)
format-not-session-entity = „{ $value }“ není entita s relacemi (queue)
format-only-without-entities = „{ $name }“ platí jen bez $.entities
format-sessions-not-from-dlq = „{ $name }“: relace se nečtou z fronty nedoručených zpráv
format-receive-from-topic = „{ $topic }“ je téma; přijímejte z „{ $topic }/subscriptions/<name>“
format-no-queue-or-subscription = žádná fronta ani odběr se nejmenuje „{ $name }“
format-only-with-entities = { $op } platí jen s $.entities
format-not-subscription = „{ $name }“ není odběr („<topic>/subscriptions/<name>“)
format-no-entity = žádná entita se nejmenuje „{ $name }“

format-empty-correlation = potřebuje alespoň jednu podmínku
format-one-filter = právě jedno z: true, false, sql, correlation
format-expected-empty-object = očekává se {"{"}{"}"}
format-sql-filter = neplatný filtr SQL: { $error }
format-sql-action = neplatná akce pravidla: { $error }
format-action-with-correlation = akce pravidla není s filtrem korelace povolena
format-rule-name = neplatný název pravidla
format-same-name = stejný název jako { $other }

format-is-empty = je prázdné
format-not-event = „{ $kind }“ není událost záznamu ani operace
format-nth-from-one = počítá se od 1 (nebo „last“)
format-speed-range = { $n } je mimo rozsah (0, 10000]
format-at-and-on = uveďte „at_ms“, nebo „on“, ne obojí
format-at-or-on = chybí „at_ms“ nebo „on“
format-after-without-on = jen spolu s „on“
format-note-unplaced = poznámku nelze umístit v čase: { $error }
format-no-queue-topic-or-subscription = žádná fronta, téma ani odběr se nejmenuje „{ $name }“
format-in-placeholder = zástupný symbol {"{"}{ $src }{"}"}: { $error }
format-placeholder-not-event = zástupný symbol {"{"}{ $src }{"}"}: „{ $kind }“ není událost záznamu ani operace
format-placeholder-nth = zástupný symbol {"{"}{ $src }{"}"}: „#{ $n }“ není #1, #2, … ani #last
format-placeholder-two-ids = zástupný symbol {"{"}{ $src }{"}"}: více než jedno ID zprávy
format-placeholder-not-one-of = zástupný symbol {"{"}{ $src }{"}"}: „{ $arg }“ není { $what ->
    [record-key] klíč záznamu
    [queue-key] číselný klíč fronty
   *[final-list] konečný seznam
} ({ $list })
format-placeholder-one-entity = zástupný symbol {"{"}{ $src }{"}"}: { $head } přijímá nejvýše jednu entitu (cestu fronty, tématu nebo odběru)
format-placeholder-empty = zástupný symbol {"{"}{ $src }{"}"} je prázdný
format-placeholder-one-arg = zástupný symbol {"{"}{ $src }{"}"}: { $head } přijímá { $what ->
    [message-id] jedno ID zprávy
   *[client-name] jeden název klienta
}
format-placeholder-no-args = zástupný symbol {"{"}{ $src }{"}"}: { $head } nepřijímá žádné argumenty
format-unknown-placeholder = neznámý zástupný symbol {"{"}{ $src }{"}"} (známé: { $known })
format-placeholder-format = zástupný symbol {"{"}{ $src }{"}"}: neznámý formát „|{ $format }“ (|s, |min, |raw)
format-placeholder-variant = zástupný symbol {"{"}{ $src }{"}"}: řekněte, kterou variantu čte, např. {"{"}{ $first }.{ $body }{"}"} (varianty: { $variants })
format-lone-close = osamocená „{"}"}“ (složenou závorku zapíšete jako „{"}}"}“)
format-unclosed = „{"{"}“ bez své „{"}"}“

format-not-a-comparison = chybí povinný klíč „compare“ (toto není srovnání)
format-comparison-not-json = není to JSON: { $error }
format-comparison-version = nepodporovaná verze formátu { $version }
format-not-a-preset = „{ $name }“ není předvolba (viz `settle presets`)
format-preset-not-json = neplatná předvolba: { $error }
format-preset-or-scenario = očekává se název předvolby nebo scénář, nalezeno: { $found ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [string] řetězec
    [array] pole
   *[object] objekt
}
format-not-one-placeholder = „{ $text }“ není jeden zástupný symbol
format-condition-shape = očekává se „{"{"}x.…{"}"} OP {"{"}y.…{"}"}“, kde OP je jedno z <, <=, >, >=, =, !=
format-variant-count = dvě až čtyři varianty
format-scenario-or-preset = uveďte „scenario“, nebo „preset“, ne obojí
format-nothing-to-run = není co spustit: chybí „scenario“, „preset“ i „base“
format-variant-invalid = její scénář je neplatný: { $error }
format-no-placeholder = žádný zástupný symbol

format-fact-which-entity = uveďte, o kterou entitu jde: dokument jich deklaruje několik ({ $form })
format-fact-no-queue = běh nemá žádnou frontu
format-fact-no-entity = žádná fronta, téma ani odběr se jménem „{ $name }“
format-fact-matching = běh má { $n } { $n ->
    [one] odpovídající záznam
    [few] odpovídající záznamy
   *[other] odpovídajících záznamů
}
format-fact-no-time = záznam nemá čas
format-fact-rate = rychlost potřebuje odpovídající záznamy ve dvou různých časech
format-fact-no-delivery-count = žádný záznam zprávy „{ $id }“ nenese DeliveryCount
format-fact-record-lacks = ten záznam { $kind } nemá { $key }
format-fact-idle = „{ $name }“ v běhu nic nedělá
format-fact-topic-key = „{ $name }“ je téma; { $key } mají jeho odběry
format-fact-entity-key-unset = { $key } entity „{ $name }“ není nastaveno
format-fact-queue-key-unset = { $key } fronty není nastaveno
format-fact-no-final-list = „{ $name }“ nemá v závěrečném záznamu seznam { $list }
format-fact-no-run = chybí běh, ze kterého by se hodnota četla

format-json-syntax = { $what ->
    [eof-list] text skončil uprostřed seznamu
    [eof-object] text skončil uprostřed objektu
    [eof-string] text skončil uprostřed řetězce
    [eof-value] text skončil, chybí hodnota
    [expected-colon] očekává se `:`
    [expected-comma-or-bracket] očekává se `,` nebo `]`
    [expected-comma-or-brace] očekává se `,` nebo `{"}"}`
    [expected-ident] očekává se true, false nebo null
    [expected-value] očekává se hodnota
    [expected-quote] očekává se `"`
    [invalid-escape] neplatná sekvence se zpětným lomítkem
    [invalid-number] neplatné číslo
    [number-out-of-range] číslo mimo rozsah
    [invalid-code-point] neplatný kódový bod Unicode
    [control-character] řídicí znak (\u0000–\u001F) uvnitř řetězce
    [key-not-string] klíč musí být řetězec
    [lone-surrogate] osamocená náhradní polovina (surrogate) v sekvenci \u
    [trailing-comma] čárka navíc na konci
    [trailing-characters] za koncem dokumentu následují další znaky
    [end-of-hex-escape] sekvence \u skončila předčasně
    [too-deep] příliš hluboké zanoření
   *[other] { $detail }
} na řádku { $line }, ve sloupci { $column }

format-sql-unsupported = nepodporováno: { $what ->
    [arithmetic] aritmetika
    [comments] komentáře
    [parameters] parametry
    [delimited-identifiers] identifikátory v hranatých závorkách
    [quoted-identifiers] identifikátory v uvozovkách
    [scientific-notation] vědecký zápis čísel
    [property-in-in-list] vlastnost v seznamu IN
    [like-pattern-not-string] vzor LIKE, který není řetězcová konstanta
    [escape] ESCAPE
    [functions] funkce
    [sys-in-action] systémové vlastnosti v akci
    [property-right-of-set] vlastnost napravo od SET
   *[set-to-null] SET na NULL (vlastnost nemůže mít hodnotu null; použijte REMOVE)
} ve sloupci { $column }
format-sql-expected = očekává se { $what ->
    [digit-before-dot] číslice před „.“
    [digit-after-dot] číslice za „.“
    [close-paren] „)“
    [open-paren-after-exists] „(“ za EXISTS
    [property-before-is] vlastnost před IS
    [null] NULL
    [operator] operátor
    [open-paren-after-in] „(“ za IN
    [comma-or-close-paren] „,“ nebo „)“
    [string-pattern-after-like] řetězcový vzor za LIKE
    [in-or-like-after-not] IN nebo LIKE za NOT
    [property-or-constant] vlastnost nebo konstanta
    [property] vlastnost
    [property-name-after-dot] název vlastnosti za „.“
    [predicate] podmínka
    [open-paren-before-close] „(“ před touto „)“
    [and-or-or-end] AND, OR nebo konec filtru
    [set-or-remove] SET nebo REMOVE
    [equals] „=“
   *[semicolon-or-end] „;“ nebo konec akce
} ve sloupci { $column }
format-sql-unknown-system-property = neznámá systémová vlastnost { $name }
format-sql-unknown-scope = neznámý obor { $scope } (sys nebo user) ve sloupci { $column }
format-sql-unterminated-string = řetězec není uzavřen apostrofem ve sloupci { $column }
format-sql-unexpected-character = neočekávaný znak { $char } ve sloupci { $column }
format-sql-number-out-of-range = číslo mimo rozsah ve sloupci { $column }
format-sql-too-long = delší než { $max } znaků (omezení zprostředkovatele)
format-sql-too-deep = vnořeno hlouběji než { $max } úrovní ve sloupci { $column }
