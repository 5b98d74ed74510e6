# Co Settle tiskne mimo stránku: lekci a porovnání v CLI a příběh ve formátu SVG.

## settle lesson
print-speed = rychlost { $speed }×
print-what-you-saw = Co jste viděli
print-pause = [pauza]

## settle compare
print-difference = Rozdíl: { $text }
print-holds = platí
print-fails = NEPLATÍ
print-contradict = běhy odporují uvedenému rozdílu

## settle render
## The SVG story (`settle render --svg`, the page's download): swimlanes over virtual time.

story-desc = Scénář spuštěný v Settle, nakreslený jako plavecké dráhy ve virtuálním čase.
story-footer = Settle · deterministická simulace Azure Service Bus (semínko { $seed }) · časy jsou virtuální
story-axis = virtuální čas
story-tick = { $s } s
story-settings-queue = Fronta: { $settings }
story-settings-entities = Entity: { $entities }
story-duration =
    { $unit ->
        [d] { $n } d
        [h] { $n } h
        [min] { $n } min
       *[s] { $n } s
    }
story-setting-lock-duration = doba trvání zámku { story-duration }
story-setting-default-ttl = výchozí hodnota TTL { story-duration }
story-setting-duplicate-detection = detekce duplicitních zpráv { story-duration }
story-setting-max-delivery-count = MaxDeliveryCount { $count }
story-setting-dead-letter-on-expiration = při vypršení platnosti do fronty nedoručených zpráv
story-setting-sessions = relace
story-setting-tier = úroveň { $tier }
story-setting-max-size =
    { $size ->
        [one] max. velikost { $size } bajt
        [few] max. velikost { $size } bajty
        [many] max. velikost { $size } bajtu
       *[other] max. velikost { $size } bajtů
    }
story-entity-queue = fronta { $name }
story-entity-topic = téma { $name }
story-entity-with-settings = { $entity } ({ $settings })
story-entity-no-rules = žádná pravidla
story-entity-rules = pravidla { $rules }
story-entity-subscriptions = { $topic } → { $subscriptions }
story-entity-no-subscriptions = { $topic }: žádné odběry

## The lanes: a name (bold), and under it what the lane holds or what its client did.

story-lane-queue = Fronta
story-lane-queue-named = Fronta { $name }
story-lane-topic = Téma { $name }
story-lane-subscription = Odběr { $name }
story-lane-dead-letter = Nedoručené zprávy
story-lane-dead-letter-of = Fronta nedoručených zpráv: { $name }
story-role-messages =
    { $count ->
        [one] { $count } zpráva
        [few] { $count } zprávy
        [many] { $count } zprávy
       *[other] { $count } zpráv
    }
story-role-queue =
    { $count ->
        [one] fronta · { $count } zpráva
        [few] fronta · { $count } zprávy
        [many] fronta · { $count } zprávy
       *[other] fronta · { $count } zpráv
    }
story-role-subscription =
    { $count ->
        [one] z tématu { $topic } · { $count } zpráva
        [few] z tématu { $topic } · { $count } zprávy
        [many] z tématu { $topic } · { $count } zprávy
       *[other] z tématu { $topic } · { $count } zpráv
    }
story-role-topic = publikováno: { $published }
story-role-topic-dropped = publikováno: { $published }, zahozeno: { $dropped }
story-role-dead-letter-empty = žádné
story-role-dead-letter =
    { $count ->
        [one] { $count } zpráva
        [few] { $count } zprávy
        [many] { $count } zprávy
       *[other] { $count } zpráv
    }
story-role-dead-letter-of-empty = pro { $name } · žádné
story-role-dead-letter-of =
    { $count ->
        [one] pro { $name } · { $count } zpráva
        [few] pro { $name } · { $count } zprávy
        [many] pro { $name } · { $count } zprávy
       *[other] pro { $name } · { $count } zpráv
    }
story-role-receiver = přijato: { $received }
story-role-receiver-completed = přijato: { $received }, { $completed } ✓
story-role-sender = odesláno: { $sent }
story-role-sender-refused = odesláno: { $sent }, odmítnuto: { $refused }
story-role-client = klient

## A message's bars and the labels in them.

story-bar-scheduled = { $id } · naplánováno na { $s } s
story-bar-delivery = { $id } · doručení { $count }
story-bar-no-reason = { $id } · (bez kódu důvodu)
story-bar-session = relace { $session }
story-bar-until = { $label } · do { $deadline } s
story-bar-lock-until = { $label } · zámek do { $deadline } s
story-bar-span = { $label }, { $from } s – { $to } s
story-bar-span-open = { $label }, { $from } s – konec
story-bar-span-lock = { $label }, { $from } s – { $to } s, zámek do { $deadline } s
story-bar-span-open-lock = { $label }, { $from } s – konec, zámek do { $deadline } s
story-band-peak = až { $count } najednou

## Marks: what happened at an instant, labelled beside it.

story-mark-unrouted = { $id }: žádný odběr, zahozeno
story-mark-duplicate = { $id }: duplicita, zahozeno
story-mark-activated = aktivní, poř. č. { $seq }
story-mark-cancelled = zrušeno
story-mark-expired = platnost vypršela, zahozeno
story-mark-session-lock-expired = vypršení platnosti zámku relace
story-mark-lock-lost =
    { $cause ->
        [closed] ztráta zámku: zavřeno
        [disconnected] ztráta zámku: odpojeno
       *[updated] ztráta zámku: fronta aktualizována
    }
story-mark-peek = náhled: { $count }
story-mark-close = zavření
story-mark-disconnect = odpojení
story-mark-crash = pád
story-mark-queue-updated = nastavení fronty změněno
story-mark-entity-updated = { $name }: nastavení změněno
story-mark-rule-added = { $name }: pravidlo { $rule } přidáno
story-mark-rule-removed = { $name }: pravidlo { $rule } odebráno
story-op =
    { $op ->
        [send] odeslání
        [schedule] naplánování
        [cancel] zrušení naplánování
        [receive] příjem
        [receive-deferred] příjem odložené zprávy
        [peek] náhled
        [complete] Complete
        [abandon] Abandon
        [dead-letter] DeadLetter
        [defer] Defer
        [renew-lock] obnovení zámku
        [open] otevření
        [close] zavření
        [accept-session] přijetí relace
        [renew-session-lock] obnovení zámku relace
        [set-session-state] nastavení stavu relace
        [get-session-state] čtení stavu relace
        [disconnect] odpojení
        [update-queue] aktualizace fronty
       *[update-entity] aktualizace entity
    }
story-mark-refused = { story-op } { $id } → { $error }
story-mark-refused-seq = { story-op } poř. č. { $seq } → { $error }
story-mark-refused-any = { story-op } → { $error }
story-group-send = ×{ $count } odesláno
story-group-duplicate =
    { $count ->
        [one] ×{ $count } duplicita
        [few] ×{ $count } duplicity
        [many] ×{ $count } duplicity
       *[other] ×{ $count } duplicit
    }
story-group-refused = ×{ $count } odmítnuto
story-group-activated = ×{ $count } aktivováno
story-group-cancelled = ×{ $count } zrušeno
story-group-complete = ×{ $count } Complete
story-group-abandon = ×{ $count } Abandon
story-group-defer = ×{ $count } Defer
story-group-dead-letter = ×{ $count } DeadLetter
story-group-lock-expired = ×{ $count } vypršení platnosti zámku
story-group-lock-lost =
    { $count ->
        [one] ×{ $count } ztráta zámku
        [few] ×{ $count } ztráty zámku
        [many] ×{ $count } ztráty zámku
       *[other] ×{ $count } ztrát zámku
    }
story-group-ttl-expired = ×{ $count } vypršelo
story-group-received-deleted = ×{ $count } přijato
story-group-renew = ×{ $count } obnoveno
story-group-peek =
    { $count ->
        [one] ×{ $count } náhled
        [few] ×{ $count } náhledy
        [many] ×{ $count } náhledu
       *[other] ×{ $count } náhledů
    }
story-group-link = ×{ $count }
story-group-admin =
    { $count ->
        [one] ×{ $count } změna
        [few] ×{ $count } změny
        [many] ×{ $count } změny
       *[other] ×{ $count } změn
    }
story-group-published = ×{ $count } publikováno
story-group-unrouted = ×{ $count } zahozeno

## The legend: only what the picture uses.

story-legend-waiting = čeká ve frontě
story-legend-scheduled = naplánováno
story-legend-deferred = odloženo
story-legend-locked = uzamčeno (Peek-Lock)
story-legend-prefetched = uzamčeno ve vyrovnávací paměti předběžného načtení
story-legend-dead-letter-queue = ve frontě nedoručených zpráv
story-legend-session = zámek relace
story-legend-expired-wait = platnost vypršela, dosud neodebráno
story-legend-deadline = konec platnosti zámku
story-legend-send = odeslání (zařazeno do fronty)
story-legend-duplicate = duplicitní zpráva zahozena
story-legend-rejected = odeslání odmítnuto
story-legend-activated = plánovaná → aktivní
story-legend-cancelled = zrušeno / zahozeno
story-legend-complete = Complete
story-legend-abandon = Abandon
story-legend-defer = Defer
story-legend-dead-letter = DeadLetter
story-legend-lock-expired = vypršení platnosti zámku
story-legend-lock-lost = ztráta zámku
story-legend-ttl-expired = hodnota TTL vypršela
story-legend-received-deleted = přijato a odstraněno
story-legend-renew = zámek obnoven
story-legend-peek = náhled
story-legend-link = zavření / odpojení / pád
story-legend-queue-updated = nastavení fronty změněno
story-legend-entity-updated = nastavení nebo pravidla změněna
story-legend-refused = krok odmítnut (chyba)
story-legend-published = publikováno: kopie pro každý odběr
story-legend-unrouted = žádný odběr ji nepřevzal: zahozena

## The notes under the lanes: what is not drawn, or not whole.

story-note-cropped = Po { $last } s se nic neděje; běh končí v { $end } s.
story-note-cut =
    { $records ->
        [one] Tento běh je příliš dlouhý, aby se nakreslil celý: zobrazen do { $end } s (první { $records } záznam).
        [few] Tento běh je příliš dlouhý, aby se nakreslil celý: zobrazen do { $end } s (první { $records } záznamy).
        [many] Tento běh je příliš dlouhý, aby se nakreslil celý: zobrazen do { $end } s (prvních { $records } záznamu).
       *[other] Tento běh je příliš dlouhý, aby se nakreslil celý: zobrazen do { $end } s (prvních { $records } záznamů).
    }
story-note-band =
    { $count ->
        [one] { $lane }: příliš mnoho najednou, než aby se kreslily jednotlivě ({ $count } úsek); pás ukazuje, kolik jich je v každém okamžiku.
        [few] { $lane }: příliš mnoho najednou, než aby se kreslily jednotlivě ({ $count } úseky); pás ukazuje, kolik jich je v každém okamžiku.
        [many] { $lane }: příliš mnoho najednou, než aby se kreslily jednotlivě ({ $count } úseku); pás ukazuje, kolik jich je v každém okamžiku.
       *[other] { $lane }: příliš mnoho najednou, než aby se kreslily jednotlivě ({ $count } úseků); pás ukazuje, kolik jich je v každém okamžiku.
    }
story-note-marks-left-out =
    { $count ->
        [one] Další { $count } značka není nakreslena.
        [few] Další { $count } značky nejsou nakresleny.
        [many] Dalších { $count } značky není nakresleno.
       *[other] Dalších { $count } značek není nakresleno.
    }
story-note-detail =
    { $count ->
        [one] { $count } zpráva: popisky a šipky mezi drahami má jen prvních { $detail }.
        [few] { $count } zprávy: popisky a šipky mezi drahami má jen prvních { $detail }.
        [many] { $count } zprávy: popisky a šipky mezi drahami má jen prvních { $detail }.
       *[other] { $count } zpráv: popisky a šipky mezi drahami má jen prvních { $detail }.
    }

## What happened: a sentence for each moment worth one, under its time (story-tick).

story-happened = Co se stalo
story-happened-more = … a ještě { $count }.
story-moment-unrouted = { $id } neodpovídá žádnému odběru tématu { $topic }: přijato, pak zahozeno.
story-moment-duplicate = { $client } odeslal { $id } znovu v okně detekce duplicitních zpráv: ohlášeno jako přijaté, zahozeno.
story-moment-presettled-refused = Předem vyrovnané odeslání { $id } klientem { $client } bylo odmítnuto ({ $error }); odesílatel se to nikdy nedozví.
story-moment-lock-expired =
    { $queue ->
        [dead-letter] { $id }: platnost zámku klienta { $client } vypršela před vyrovnáním; ve frontě nedoručených zpráv se nic nepočítá ({ $count }).
       *[main] { $id }: platnost zámku klienta { $client } vypršela před vyrovnáním; neúspěšné doručení ({ $count } z { $max }).
    }
story-moment-lock-expired-in =
    { $queue ->
        [dead-letter] { $id } v { $place }: platnost zámku klienta { $client } vypršela před vyrovnáním; ve frontě nedoručených zpráv se nic nepočítá ({ $count }).
       *[main] { $id } v { $place }: platnost zámku klienta { $client } vypršela před vyrovnáním; neúspěšné doručení ({ $count } z { $max }).
    }
story-moment-lock-lost =
    { $cause ->
        [closed] { $id }: klient { $client } ztratil zámek (zavřeno).
        [disconnected] { $id }: klient { $client } ztratil zámek (odpojeno).
       *[updated] { $id }: klient { $client } ztratil zámek (fronta aktualizována).
    }
story-moment-dead-lettered = { $id } → fronta nedoručených zpráv, kód důvodu { $reason }
story-moment-dead-lettered-no-reason = { $id } → fronta nedoručených zpráv, bez kódu důvodu
story-moment-dead-lettered-of = { $id } → fronta nedoručených zpráv pro { $place }, kód důvodu { $reason }
story-moment-dead-lettered-of-no-reason = { $id } → fronta nedoručených zpráv pro { $place }, bez kódu důvodu
story-moment-described = { $text }: { $description }
story-moment-by = { $text } (klient { $client })
story-moment-ttl-expired = Hodnota TTL zprávy { $id } vypršela: zahozeno.
story-moment-session-lock-expired = Platnost zámku klienta { $client } na relaci { $session } vypršela.
story-moment-refused = { $client }: { story-op } { $id } – odmítnuto s chybou { $error }{ $why }
story-moment-refused-seq = { $client }: { story-op } poř. č. { $seq } – odmítnuto s chybou { $error }{ $why }
story-moment-refused-any = { $client }: { story-op } – odmítnuto s chybou { $error }{ $why }

## What-if sweeps (`settle sweep --format svg`): charts of a scenario's variants.
sweep-title = Co kdyby: { $title }
sweep-desc =
    { $points ->
        [one] { $points } varianta scénáře
        [few] { $points } varianty scénáře
       *[other] { $points } variant scénáře
    }, { $seeds ->
        [one] každá spuštěna jednou
       *[other] každá spuštěna { $seeds }krát s různými semeny
    } · časy jsou virtuální
sweep-throughput = Propustnost: dokončení za sekundu
sweep-throughput-short = dokončení za sekundu
sweep-latency = Doba od zařazení do fronty po dokončení (ms)
sweep-latency-p95 = Doba od zařazení do fronty po dokončení, 95. percentil (ms)
sweep-p50 = medián
sweep-p95 = 95. percentil
sweep-losses = Vypršení platnosti zámku a přesuny do fronty nedoručených zpráv, na jeden běh
sweep-lock-expiries = vypršení platnosti zámku
sweep-dead-lettered = přesunuto do fronty nedoručených zpráv
sweep-over-budget = nad pracovní rozpočet
sweep-foot = Settle · každý bod je deterministický běh scénáře s uvedenými hodnotami
sweep-foot-over =
    { $n ->
        [one] Settle · { $n } bod překročil pracovní rozpočet (čárkovaně): jeho čísla platí do té chvíle
        [few] Settle · { $n } body překročily pracovní rozpočet (čárkovaně): jejich čísla platí do té chvíle
       *[other] Settle · { $n } bodů překročilo pracovní rozpočet (čárkovaně): jejich čísla platí do té chvíle
    }
sweep-svg-dimensions = SVG kreslí jeden nebo dva měněné parametry, ne { $n }: použijte --format csv nebo json
sweep-param-receivers = počet příjemců
sweep-param-concurrency = souběžnost (zprávy, které každý příjemce zpracovává najednou)
sweep-param-prefetch = počet zpráv načítaných předem (prefetch)
sweep-param-processing-ms = doba zpracování (ms)
sweep-param-lock-ms = doba trvání zámku (ms)
sweep-param-auto-renew-ms = automatické obnovování zámku nejvýše po dobu (ms)
sweep-param-max-delivery-count = maxDeliveryCount
sweep-param-send-interval-ms = interval mezi odesláními (ms)

## The What-if page (whatif.html): a sweep of a scenario's settings, run in the browser.
whatif-intro = Settle spustí tento scénář na pozadí jednou pro každou zvolenou hodnotu a nakreslí, co se změnilo.
whatif-ready = Připravené průchody
whatif-sweep-consumers-title = Příjemci proti nárazové zátěži
whatif-sweep-consumers-caption = Nárazově přijde 200 objednávek a zpracuje je 1 až 8 soupeřících příjemců. Dokud je ve frontě nevyřízená práce, každý další příjemce zvýší propustnost a doba čekání objednávky klesne; fronta vyrovnává zátěž bez ohledu na jejich počet.
whatif-sweep-prefetch-title = Předběžné načítání proti době trvání zámku
whatif-sweep-prefetch-caption = Jeden pomalý pracovní proces během práce předem načítá další objednávky a předem načtená objednávka je uzamčena už ve vyrovnávací paměti. Když zpracování obsahu vyrovnávací paměti trvá déle než zámek, platnost zámků vyprší dřív, než práce začne, objednávky jsou doručeny znovu a po třech doručeních skončí ve frontě nedoručených zpráv.
whatif-param = Parametr
whatif-second = Druhý parametr
whatif-setting = Nastavení
whatif-none = žádný
whatif-from = od
whatif-to = do
whatif-step = krok
whatif-seeds = Běhů na variantu (semena)
whatif-run = Spustit
whatif-cancel = Zrušit
whatif-progress-label = Spuštěné varianty
whatif-progress =
    { $total ->
        [one] { $done } z { $total } varianty
       *[other] { $done } z { $total } variant
    }
whatif-done =
    { $n ->
        [one] { $n } varianta za { $seconds } s
        [few] { $n } varianty za { $seconds } s
       *[other] { $n } variant za { $seconds } s
    }, { $workers ->
        [one] v jednom pracovním procesu
       *[other] v { $workers } pracovních procesech zároveň
    }
whatif-cancelled = Zrušeno po { $done } z { $total }.
whatif-result = Výsledky
whatif-hint = Klepnutím na bod nebo na Otevřít v řádku zobrazíte danou variantu v playgroundu v jejím nejvýmluvnějším okamžiku: při prvním vypršení platnosti zámku nebo přesunu do fronty nedoručených zpráv, jinak když byla fronta nejdelší.
whatif-download-svg = Stáhnout SVG
whatif-download-csv = Stáhnout CSV
whatif-table = Čísla každé varianty (stejná, jaká vypíše settle sweep)
whatif-col-throughput = dokončení za sekundu
whatif-col-p50 = medián doby do dokončení (ms)
whatif-col-p95 = 95. percentil (ms)
whatif-col-lock-expiries = vypršení platnosti zámku na běh
whatif-col-dead-lettered = nedoručené zprávy na běh
whatif-col-queue = nejdelší fronta
whatif-col-seeds = běhy
whatif-col-status = stav
whatif-open = Otevřít
whatif-open-label = Otevřít { $point } v playgroundu
whatif-back = Zpět do playgroundu
whatif-not-number = { $param }: „{ $text }“ není celé číslo
whatif-empty = { $param }: od { $from } do { $to } není žádná hodnota
whatif-step-zero = { $param }: krok musí být alespoň 1
whatif-twice = { $param } je zvolen dvakrát
whatif-seeds-range = Běhů na variantu: od 1 do { $max }
whatif-too-many = { $n } variant: nejvýše { $max } (kratší rozsah nebo větší krok)
whatif-no-receiver = { $param }: tento scénář nemá žádného automatického příjemce ke změně
whatif-no-sender = { $param }: tento scénář nemá žádného automatického odesílatele ke změně
whatif-entities = Průchod mění nastavení jedné fronty; tento scénář deklaruje několik entit.
whatif-no-sweep = Připravený průchod „{ $name }“ neexistuje.
whatif-no-preset = Vestavěná lekce „{ $name }“ neexistuje.
whatif-no-worker = Tento prohlížeč nemůže spustit pracovní procesy, které varianty spouštějí.
